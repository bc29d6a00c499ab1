import { Link } from '@loyalty/shared';

/**
 * Decision 051: where the customer sees the card afterwards — balance, rewards, movements and
 * consents — on the customer's page. A path, not the API's `my_card_url`: the signup page is composed at the
 * same origins as `/my-card` (the shell's and the landing's), so the visitor stays where they are.
 */
export const MY_CARD_PATH = '/my-card';
export const MY_CARD_LINK_TEXT = 'Vedi saldo, premi e movimenti';
/** What precedes the link: after a new (or recognised) card, and after 'Carta già richiesta'. */
export const MY_CARD_LEAD = {
  card: "Quando vuoi, con l'email o il telefono che hai indicato:",
  resent: "Con l'email o il telefono della tua carta:",
} as const;

export function MyCardLink({ view }: { view: keyof typeof MY_CARD_LEAD }) {
  return (
    <p>
      {MY_CARD_LEAD[view]} <Link to={MY_CARD_PATH}>{MY_CARD_LINK_TEXT}</Link>
    </p>
  );
}
