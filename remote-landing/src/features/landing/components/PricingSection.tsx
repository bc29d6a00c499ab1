import styled from 'styled-components';
import { Badge, Card, formatEuro, getRuntimeConfig, media } from '@loyalty/shared';
import { ButtonLink, Section, SectionIntro } from './layout';
import { PLANS, planRequestMailto } from '../model/plans';

const PlanList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 22rem)); justify-content: center; }
`;

const Plan = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  ul { margin: 0; padding-left: 1.25rem; flex: 1; }
`;

const PlanHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Price = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  span { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 400; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function PricingSection() {
  const { support } = getRuntimeConfig();
  return (
    <Section id="pricing" aria-labelledby="pricing-title">
      <SectionIntro>
        <h2 id="pricing-title">Prezzi</h2>
        <p>Nessun vincolo: scegli il pacchetto e ti attiviamo l&apos;account.</p>
      </SectionIntro>
      <PlanList>
        {PLANS.map((plan, index) => {
          const titleId = `plan-${index}-title`;
          return (
            <li key={plan.title}>
              <Plan aria-labelledby={titleId}>
                <PlanHeader>
                  <h3 id={titleId}>{plan.title}</h3>
                  {plan.popular && <Badge $tone="info">Popolare</Badge>}
                  {plan.best && <Badge $tone="success">Migliore</Badge>}
                </PlanHeader>
                <Price>
                  {formatEuro(plan.price)} <span>/ mese</span>
                </Price>
                <ul>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <ButtonLink href={planRequestMailto(support.email, plan)} aria-describedby={titleId} data-runtime="planMailto">
                  Scegli Pacchetto
                </ButtonLink>
              </Plan>
            </li>
          );
        })}
      </PlanList>
    </Section>
  );
}
