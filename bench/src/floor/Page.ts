/**
 * The floor's page (section 14, ../floor.ts): what the counter shows first — the frame's top bar, the heading, the
 * customer, the amount field and the button — with none of the product's code, store, router or styles library.
 * Written with createElement, not JSX: the bench renders it on Node too (the «HTML» variant), where tsx applies the
 * classic JSX transform.
 */
import { createElement as h, Fragment } from 'react';

export default function Page() {
  return h(
    Fragment,
    null,
    h('header', { className: 'bar' }, 'Appo'),
    h(
      'main',
      null,
      h('h1', null, 'Aggiungi punti'),
      h('p', null, 'Mario Rossi · 120 punti'),
      h(
        'form',
        { 'aria-label': 'Vendita', onSubmit: (event: { preventDefault(): void }) => event.preventDefault() },
        h('label', null, 'Importo speso (€)', h('input', { name: 'amount', inputMode: 'decimal', autoComplete: 'off' })),
        h('button', { type: 'submit' }, 'Conferma vendita'),
      ),
    ),
  );
}
