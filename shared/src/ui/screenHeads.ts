/**
 * What a dashboard screen writes at its top before it knows anything about the shop (decision 093): its main
 * action's label (disabled until the shop is known), its lead paragraph, its search and filter (decision 094). The
 * screen renders these, and the shell paints the same in its frame from the HTML (ScreenPlaceholder, named by the
 * route's `placeholder.head`), so a phone shows the screen's largest text before the screen's code has arrived.
 * The screen's heading is its sidebar label, which the shell owns already.
 */
export interface ScreenHead {
  /** The main action's label, in the title row beside the heading. */
  action?: string;
  /** The paragraph under the title row. */
  lead?: string;
  /**
   * The screen's search and its one filter, first under the title row (decision 094): the cards screen's main
   * action at the counter. The frame paints them disabled; the screen writes them with the same labels and options.
   */
  search?: {
    label: string;
    filter: { label: string; options: readonly { value: string; label: string }[] };
  };
}

export const SCREEN_HEADS = {
  campaigns: {
    action: 'Crea Nuova Campagna',
    lead:
      'Crea e invia campagne WhatsApp, SMS ed Email ai clienti della tua attività. Scegli i destinatari tra le carte fedeltà, ' +
      'poi apri una campagna per inviarle un messaggio e seguirne l’invio.',
  },
  cards: {
    action: 'Scansiona',
    search: {
      label: 'Cerca per nome, e-mail, numero carta o telefono',
      filter: {
        label: 'Stato',
        options: [
          { value: 'all', label: 'Tutte' },
          { value: 'active', label: 'Attive' },
          { value: 'inactive', label: 'Inattive' },
        ],
      },
    },
  },
} as const satisfies Record<string, ScreenHead>;

export type ScreenHeadName = keyof typeof SCREEN_HEADS;
