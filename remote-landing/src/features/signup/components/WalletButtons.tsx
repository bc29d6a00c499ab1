/**
 * Decision 042: "Aggiungi ad Apple Wallet" and "Salva in Google Wallet" under the card image, as the official
 * buttons look (black, rounded, a small lead line above the wallet's name in white), drawn in CSS and text:
 * plain links (the pass or Google's save page), keyboard focus visible. The public pages render them hidden
 * and without a link; their scripts show those the API's answer links (model/walletLinks.ts).
 */
import styled from 'styled-components';
import { WALLET_BUTTONS } from '../model/walletLinks';

export const WalletLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const WalletLink = styled.a`
  display: inline-flex;
  flex-direction: column;
  justify-content: center;
  min-width: 10.5rem;
  min-height: 3rem;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border: 1px solid #a6a6a6;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #000000;
  color: #ffffff;
  text-align: left;
  text-decoration: none;
  line-height: 1.15;
  &:hover {
    background: #1f1f1f;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Lead = styled.span`
  display: block;
  font-size: 0.75rem;
`;

const Brand = styled.span`
  display: block;
  font-size: 1.125rem;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  letter-spacing: -0.01em;
`;

/** One button's face; the space between the lines keeps the link's name "Aggiungi ad Apple Wallet". */
export function WalletLinkFace({ lead, brand }: { lead: string; brand: string }) {
  return (
    <>
      <Lead>{lead}</Lead> <Brand>{brand}</Brand>
    </>
  );
}

/**
 * The prerendered pages' wallet buttons (signup result, each card of /my-card): every button rendered hidden,
 * without a link; the page script shows those the API's answer links and sets their `href` (`data-wallet-*` hooks).
 */
export function WalletLinksTemplate() {
  return (
    <div hidden data-wallet-links>
      <WalletLinks>
        {WALLET_BUTTONS.map(({ wallet, lead, brand }) => (
          <span key={wallet} hidden data-wallet={wallet}>
            <WalletLink data-wallet-link={wallet}>
              <WalletLinkFace lead={lead} brand={brand} />
            </WalletLink>
          </span>
        ))}
      </WalletLinks>
    </div>
  );
}
