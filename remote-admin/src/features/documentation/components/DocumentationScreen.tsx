import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Modal, formatPhone, getRuntimeConfig } from '@loyalty/shared';
import { Muted, Page, PageTitle, SectionTitle } from '../../../shared/layout';
import { FAQ, HELP_SECTIONS, type HelpArticle } from '../model/articles';

const Section = styled.details`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  summary {
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    cursor: pointer;
  }
`;

const ArticleList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const ContactLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  margin-top: ${({ theme }) => theme.space.md};
`;

const FaqItem = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space.sm} 0;

  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

/** The dialog's title is the article's h2: subheadings are h3. */
const ArticleHeading = styled.h3`
  margin: ${({ theme }) => theme.space.md} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

function ArticleBody({ article }: { article: HelpArticle }) {
  return article.body.map((block, index) => {
    if (typeof block === 'string') return <p key={index}>{block}</p>;
    if ('heading' in block) return <ArticleHeading key={index}>{block.heading}</ArticleHeading>;
    return (
      <ol key={index}>
        {block.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    );
  });
}

export function DocumentationScreen() {
  const [openArticle, setOpenArticle] = useState<HelpArticle | null>(null);
  const faqHeading = useRef<HTMLHeadingElement>(null);
  const { support } = getRuntimeConfig();

  const showFaq = () => {
    faqHeading.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    faqHeading.current?.focus();
  };

  return (
    <Page>
      <PageTitle>Documentazione</PageTitle>
      <Muted>Guide rapide per usare la dashboard: apri una sezione e scegli un articolo.</Muted>
      {HELP_SECTIONS.map((section) => (
        <Section key={section.id}>
          <summary>{section.title}</summary>
          <ArticleList aria-label={section.title}>
            {section.articles.map((article) => (
              <li key={article.id}>
                <span>
                  <strong>{article.title}</strong>
                  <br />
                  <small>{article.summary}</small>
                </span>
                <Button variant="ghost" aria-label={`Leggi: ${article.title}`} onClick={() => setOpenArticle(article)}>
                  Leggi
                </Button>
              </li>
            ))}
          </ArticleList>
        </Section>
      ))}

      <Card aria-labelledby="help-title">
        <SectionTitle id="help-title">Hai bisogno di aiuto?</SectionTitle>
        <Muted>Il nostro supporto risponde in italiano dal lunedì al venerdì.</Muted>
        <Actions>
          {support.email && <ContactLink href={`mailto:${support.email}`}>Contatta il Supporto</ContactLink>}
          <Button variant="secondary" onClick={showFaq}>
            FAQ
          </Button>
          {support.phone && (
            <span>
              oppure chiama <a href={`tel:${support.phone.replace(/\s+/g, '')}`}>{formatPhone(support.phone)}</a>
            </span>
          )}
        </Actions>
      </Card>

      <Card aria-labelledby="faq-title">
        <SectionTitle id="faq-title" ref={faqHeading} tabIndex={-1}>
          Domande frequenti
        </SectionTitle>
        {FAQ.map((item) => (
          <FaqItem key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </FaqItem>
        ))}
      </Card>

      <Modal open={openArticle !== null} onClose={() => setOpenArticle(null)} title={openArticle?.title}>
        {openArticle && <ArticleBody article={openArticle} />}
      </Modal>
    </Page>
  );
}
