/** A pricing plan, and the two plans the landing page offers. */
import { formatEuro } from '@loyalty/shared';

export interface PricingPlan {
  title: string;
  /** EUR per month. */
  price: number;
  features: string[];
  popular: boolean;
  best: boolean;
}

export const PLANS: readonly PricingPlan[] = [
  {
    title: 'Pacchetto WhatsApp',
    price: 20,
    features: ['Messaggi WhatsApp', 'Supporto dedicato', 'Automazioni di base'],
    popular: true,
    best: false,
  },
  {
    title: 'Pacchetto Completo',
    price: 30,
    features: ['WhatsApp, SMS ed Email', 'Automazioni avanzate', 'Report dettagliati'],
    popular: false,
    best: true,
  },
];

/**
 * 'Scegli Pacchetto' writes to support (docs/decisions/006-landing-choices.md): shop accounts are
 * opened by our staff, so the visitor asks for the plan by email.
 */
export function planRequestMailto(supportEmail: string, plan: PricingPlan): string {
  const subject = `Richiesta ${plan.title}`;
  const body = `Buongiorno, vorrei attivare il ${plan.title} (${formatEuro(plan.price)} al mese) per la mia attività.\n\nNome dell'attività:\nTelefono:`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
