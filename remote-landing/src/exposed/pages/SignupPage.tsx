import { PublicOnly } from '../../shared/components/PublicOnly';
import { CardSignup } from '../../features/signup/components/CardSignup';

/** `/loyalty-cards/create`: public, but a logged-in user goes to the dashboard (SPEC §2). */
export function SignupPage() {
  return (
    <PublicOnly>
      <CardSignup />
    </PublicOnly>
  );
}
