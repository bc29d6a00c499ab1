import { PublicOnly } from '../components/PublicOnly';
import { CardSignup } from '../features/signup/CardSignup';

/** `/loyalty-cards/create`: public, but a logged-in user goes to the dashboard (SPEC §2). */
export function SignupPage() {
  return (
    <PublicOnly>
      <CardSignup />
    </PublicOnly>
  );
}
