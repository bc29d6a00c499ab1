/**
 * `/my-card`, the customer's own page (docs/decisions/049-customer-page.md), as it is rendered to HTML at
 * build time (render.tsx) and, unchanged, by `./MyCardPage` where the page is not composed. Three views —
 * ask for a link, opening, the cards — of which the script (my-card.ts) shows one, and `<template>`s of what
 * it repeats (a shop's card, a ledger row) rendered with the real styled components, so their CSS is in the
 * server style sheet: the script clones them and writes text only (`textContent`), by the `data-*` hooks below.
 */
import { Button, CARD_HEIGHT, CARD_WIDTH, Checkbox, Field, Input, VisuallyHidden } from '@loyalty/shared';
import { BusySpinner } from '../../../shared/components/BusySpinner';
import { SiteFooter } from '../../../shared/components/SiteFooter';
import {
  Actions,
  Balance,
  CardSection,
  Channels,
  Dialog,
  Form,
  Intro,
  LedgerBox,
  Muted,
  Page,
  Panel,
  Status,
  Toolbar,
  Warning,
} from '../../../features/my-card/components/MyCardParts';
import { CONSENT_CHANNELS } from '../../../features/my-card/model/myCard';
import { CardNumber } from '../../../features/signup/components/CardNumber';
import { FieldError } from '../../../features/signup/components/SignupForm';
import { CardCanvas } from '../../../features/signup/components/LoyaltyCardResult';
import { WalletLinksTemplate } from '../../../features/signup/components/WalletButtons';

/** The request form: the contact, its error line, the answer (aria-live) and the button. */
function RequestView() {
  return (
    <section data-mycard-view="request" aria-labelledby="mycard-request-title">
      <h1 id="mycard-request-title" tabIndex={-1}>
        La tua carta fedeltà
      </h1>
      <Intro>
        Inserisci l’email o il numero di telefono che hai lasciato al negozio: ti mandiamo un link per vedere saldo, premi e movimenti delle tue carte. Il link vale 15
        minuti.
      </Intro>
      <Status role="status" data-tone="error" data-mycard-notice />
      <Form method="post" noValidate aria-labelledby="mycard-request-title" data-mycard-request-form>
        <Field label="Email o numero di telefono" id="mycard-contact">
          {(control) => (
            <>
              <Input {...control} type="text" name="contact" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required />
              <FieldError id="mycard-contact-error" hidden data-field-error="contact" />
            </>
          )}
        </Field>
        <Status role="status" data-mycard-request-status />
        <Button type="submit" fullWidth data-mycard-request-submit>
          <BusySpinner $size="1em" />
          Inviami il link
        </Button>
      </Form>
    </section>
  );
}

function OpeningView() {
  return (
    <section hidden data-mycard-view="opening" aria-labelledby="mycard-opening-title">
      <h1 id="mycard-opening-title" tabIndex={-1}>
        Apertura delle tue carte…
      </h1>
      <Intro>Un momento: stiamo controllando il link.</Intro>
    </section>
  );
}

/** The data section and the erase confirmation, below the cards. */
function CardsView() {
  return (
    <section hidden data-mycard-view="cards" aria-labelledby="mycard-cards-title">
      <h1 id="mycard-cards-title" tabIndex={-1}>
        Le tue carte
      </h1>
      <Toolbar>
        <p>
          Accesso come <strong data-mycard-contact />
        </p>
        <Button type="button" variant="secondary" data-mycard-signout>
          Esci
        </Button>
      </Toolbar>
      <Status role="status" data-mycard-status />
      <div hidden data-mycard-empty>
        {/* No card found for the contact: how cards are found. */}
        <div data-mycard-empty-kind="none">
          <h2>Nessuna carta con questo contatto</h2>
          <p>
            Le carte si trovano con l’email o il numero di telefono lasciati al negozio al momento dell’iscrizione. Prova con l’altro contatto, oppure chiedi al
            negozio quale contatto ha registrato.
          </p>
          <Button type="button" variant="secondary" data-mycard-other-contact>
            Prova con un altro contatto
          </Button>
        </div>
        {/* The customer has just erased their last card. */}
        <div hidden data-mycard-empty-kind="erased">
          <h2>Non ci sono più carte legate a questo contatto</h2>
          <p>Se ti iscrivi di nuovo in un negozio, qui troverai la nuova carta.</p>
        </div>
      </div>
      <div data-mycard-list />
      <CardSection aria-labelledby="mycard-data-title">
        <h2 id="mycard-data-title">Scarica i miei dati</h2>
        <Muted>Una copia di tutto ciò che i negozi conservano su di te: carte, movimenti, consensi e messaggi ricevuti.</Muted>
        <Actions>
          <Button type="button" variant="secondary" data-mycard-export="json">
            Scarica i miei dati (JSON)
          </Button>
          <Button type="button" variant="secondary" data-mycard-export="csv">
            Scarica i miei dati (CSV)
          </Button>
        </Actions>
      </CardSection>
    </section>
  );
}

function EraseDialog() {
  return (
    <Dialog aria-labelledby="mycard-erase-title" aria-describedby="mycard-erase-text" data-mycard-erase-dialog>
      <h2 id="mycard-erase-title">
        Eliminare la carta di <span data-erase-business />?
      </h2>
      <div id="mycard-erase-text">
        <p>Cosa succede:</p>
        <ul>
          <li>il tuo nome, la tua email, il tuo telefono e la tua data di nascita vengono cancellati da questo negozio;</li>
          <li>i punti e i movimenti restano al negozio per i suoi conti, ma non sono più collegati a te;</li>
          <li>non riceverai più offerte da questo negozio;</li>
          <li>ti inviamo un messaggio di conferma.</li>
        </ul>
        <p>Non si può annullare.</p>
      </div>
      <Checkbox label="Elimina le mie carte in tutti i negozi" name="erase_all" data-erase-all />
      <Status role="alert" data-tone="error" data-erase-error />
      <Actions>
        <Button type="button" variant="secondary" data-erase-cancel>
          Annulla
        </Button>
        <Button type="button" variant="danger" data-erase-confirm>
          Elimina definitivamente
        </Button>
      </Actions>
    </Dialog>
  );
}

/**
 * One shop's card, cloned per card. Its ids end in `-card` and are made unique by the script (a suffix per
 * card, references included). The channels' boxes are all here; the script hides those the shop cannot use.
 */
function CardTemplate() {
  return (
    <template data-mycard-template="card">
      <CardSection aria-labelledby="mycard-shop-card" data-card>
        <h2 id="mycard-shop-card" data-card-field="business_name" />
        <Balance data-card-field="balance" />
        <Muted>
          Numero carta: <CardNumber data-card-field="card_number" />
        </Muted>
        <CardCanvas width={CARD_WIDTH} height={CARD_HEIGHT} role="img" aria-label="Carta fedeltà con codice QR" data-card-canvas />
        <Muted hidden data-card-draw-error>
          Non è stato possibile disegnare la carta in questo browser.
        </Muted>
        <WalletLinksTemplate />

        <h3>Premi</h3>
        <p hidden data-card-no-rewards>
          Con il saldo di oggi non c’è ancora un premio da ritirare.
        </p>
        <p hidden data-card-rewards-lead>
          Puoi ritirare ora:
        </p>
        <ul aria-label="Premi che puoi ritirare ora" hidden data-card-rewards />
        <p hidden data-card-next />
        <Warning hidden data-card-expiring />

        <h3>Movimenti</h3>
        <div>
          <Button type="button" variant="secondary" aria-expanded="false" aria-controls="mycard-ledger-card" data-card-ledger-toggle>
            Mostra i movimenti
          </Button>
        </div>
        <LedgerBox id="mycard-ledger-card" hidden data-card-ledger>
          <Status role="status" data-card-ledger-status />
          <table hidden data-card-ledger-table>
            <caption>
              <VisuallyHidden>Movimenti della carta, dal più recente</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Movimento</th>
                <th scope="col">Importo</th>
              </tr>
            </thead>
            <tbody data-card-ledger-rows />
          </table>
        </LedgerBox>

        <h3 id="mycard-consents-card">Offerte e novità</h3>
        <form method="post" noValidate aria-labelledby="mycard-consents-card" data-card-consents>
          <Muted>Scegli dove il negozio può scriverti per offerte e novità. Puoi cambiare idea quando vuoi.</Muted>
          <Channels>
            <legend>Canali</legend>
            {CONSENT_CHANNELS.map(({ channel, label }) => (
              <span key={channel} data-channel={channel}>
                <Checkbox label={label} name="marketing_channels" value={channel} />
              </span>
            ))}
          </Channels>
          <ul hidden data-card-lapses />
          <Actions>
            <Button type="submit" data-card-consents-save>
              Salva preferenze
            </Button>
            {/* A plain wrapper carries `hidden`: the button's own styles set its display. */}
            <span hidden data-card-renew>
              <Button type="button" variant="secondary">
                Rinnova il consenso
              </Button>
            </span>
          </Actions>
          <Status role="status" data-card-consents-status />
        </form>

        <h3>La tua carta in questo negozio</h3>
        <div>
          <Button type="button" variant="danger" data-card-erase>
            Elimina la mia carta
          </Button>
        </div>
      </CardSection>
    </template>
  );
}

/** A ledger row, inside a table so the markup is valid where it is written. */
function LedgerRowTemplate() {
  return (
    <template data-mycard-template="ledger-row">
      <table>
        <tbody>
          <tr>
            <td data-ledger-field="date" />
            <td>
              <span data-ledger-field="kind" />
              <Muted as="span" data-ledger-field="description" />
            </td>
            <td data-ledger-field="amount" />
          </tr>
        </tbody>
      </table>
    </template>
  );
}

export function MyCardMarkup() {
  return (
    <>
      <Page data-my-card data-public-page="my-card">
        <Panel>
          <RequestView />
          <OpeningView />
          <CardsView />
          <EraseDialog />
          <CardTemplate />
          <LedgerRowTemplate />
        </Panel>
      </Page>
      <SiteFooter />
    </>
  );
}
