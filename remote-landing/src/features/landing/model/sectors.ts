/** The kinds of shop the product is for, shown as tags in the hero. */
export const SECTORS = [
  'Supermercati',
  'Ristoranti',
  'Bar e caffetterie',
  'Farmacie',
  'Profumerie',
  'Centri estetici',
  'Abbigliamento',
  'E-commerce',
  'Librerie',
  'Palestre',
] as const;
