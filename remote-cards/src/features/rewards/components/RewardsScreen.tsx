import { useState } from 'react';
import { Button, NoBusinessState, ScreenHeader, useCurrentBusiness } from '@loyalty/shared';
import { loyaltyModeOf } from '../../../shared/loyaltyMode';
import type { Reward } from '../api';
import { DeleteRewardDialog } from './DeleteRewardDialog';
import { ProgramSettings } from './ProgramSettings';
import { PromotionsSection } from './PromotionsSection';
import { RewardDialog, type RewardEditing } from './RewardDialog';
import { RewardList } from './RewardList';
import { Section } from './layout';

/**
 * `/dashboard/rewards`: the catalogue of the business chosen in the top bar — what its customers
 * can redeem at the counter — and its program (points or stamps, expiry, birthday gift).
 */
export function RewardsScreen() {
  const { business } = useCurrentBusiness();
  const [editing, setEditing] = useState<RewardEditing | null>(null);
  const [deleting, setDeleting] = useState<Reward | null>(null);
  const mode = loyaltyModeOf(business);
  return (
    <div>
      <ScreenHeader>
        <h1>Premi</h1>
        {business && (
          <Button onClick={() => setEditing({ kind: 'new' })} data-main-action>
            Nuovo premio
          </Button>
        )}
      </ScreenHeader>
      {!business ? (
        <NoBusinessState />
      ) : (
        <>
          <Section aria-labelledby="catalogo-premi">
            <h2 id="catalogo-premi">Catalogo di {business.name}</h2>
            {/* Another business is another list: never the previous one's rewards while these load. */}
            <RewardList
              key={business.id}
              businessId={business.id}
              mode={mode}
              onCreate={() => setEditing({ kind: 'new' })}
              onEdit={(reward) => setEditing({ kind: 'edit', reward })}
              onDelete={setDeleting}
            />
          </Section>
          <ProgramSettings key={business.id} businessId={business.id} />
          <PromotionsSection key={`promotions-${business.id}`} businessId={business.id} />
          <RewardDialog editing={editing} businessId={business.id} mode={mode} onClose={() => setEditing(null)} />
          <DeleteRewardDialog reward={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </div>
  );
}
