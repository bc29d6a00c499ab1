import type { ReactNode } from 'react';
import { Button, type Business } from '@loyalty/shared';
import { FormActions, FormError } from './layout';

/**
 * A form's last row: its one error, announced (`role="alert"`) and named by `errorId` (the invalid fields'
 * `aria-describedby`), then its submit button, busy while `loading`.
 */
export function FormFooter({ error, errorId, loading, children }: { error?: string; errorId: string; loading: boolean; children: ReactNode }) {
  return (
    <>
      {error && (
        <FormError id={errorId} role="alert">
          {error}
        </FormError>
      )}
      <FormActions>
        <Button type="submit" loading={loading}>
          {children}
        </Button>
      </FormActions>
    </>
  );
}

/** The businesses as a select's options, by id, named. */
export function BusinessOptions({ businesses }: { businesses: readonly Pick<Business, 'id' | 'name'>[] }) {
  return businesses.map((business) => (
    <option key={business.id} value={business.id}>
      {business.name}
    </option>
  ));
}
