import { useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  DIALOG_CODE_FAILED,
  Field,
  FilterBar,
  FormAlert,
  MESSAGES,
  NoBusinessState,
  QueryState,
  SCREEN_HEADS,
  ScreenHeader,
  Select,
  Spinner,
  TextField,
  useCurrentBusiness,
  useDialogCode,
  type DialogCode,
} from '@loyalty/shared';
import { useGetBusinessCampaignsQuery, type Campaign } from '../api';
import { filterCampaigns, type StatusFilter } from '../model/campaignModel';
import { CampaignItem } from './CampaignItem';
import { StatusOptions } from './StatusOptions';

// The dialogs' code (the forms' libraries, zod, the SMS counter: ~39 KB compressed) comes when one is about to
// open, not with the list (decision 095; shared's useDialogCode since decision 113).
const loadCreateDialog = () => import('./CreateCampaignModal').then((m) => m.CreateCampaignModal);
const loadSendDialog = () => import('./SendCampaignModal').then((m) => m.SendCampaignModal);

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const NO_CAMPAIGNS = {
  message: 'Nessuna campagna trovata',
  description: "Nessuna campagna: creane una con 'Crea Nuova Campagna', scegliendo i destinatari tra le carte fedeltà.",
};
const NO_MATCH = { message: 'Nessuna campagna corrisponde alla ricerca', description: 'Prova con altre parole o scegli «Tutti gli stati».' };

interface CampaignListProps {
  businessId: string;
  search: string;
  status: StatusFilter;
  onOpen: (campaign: Campaign) => void;
  /** The signs that a campaign is about to be opened (the pointer enters the list, a focus or a touch in it). */
  intent: DialogCode<unknown, Campaign>['intent'];
  /** The campaign whose send dialog's code is on its way. */
  openingId: string | null;
  announceProgress: boolean;
}

/** One business's campaigns, narrowed by the search and the status; mounted anew for another business. */
function CampaignList({ businessId, search, status, onOpen, intent, openingId, announceProgress }: CampaignListProps) {
  const query = useGetBusinessCampaignsQuery(businessId);
  // Filtered once per change of the list, the search or the status; the empty check and the list share it.
  const shown = useMemo(() => (query.data ? filterCampaigns(query.data, search, status) : []), [query.data, search, status]);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento delle campagne…"
      errorMessage={MESSAGES.campaignsLoadError}
      isEmpty={() => shown.length === 0}
      empty={(campaigns) => (campaigns.length === 0 ? NO_CAMPAIGNS : NO_MATCH)}
    >
      {() => (
        <List aria-label="Campagne" {...intent}>
          {shown.map((campaign) => (
            <CampaignItem key={campaign.id} campaign={campaign} onOpen={() => onOpen(campaign)} opening={openingId === campaign.id} announceProgress={announceProgress} />
          ))}
        </List>
      )}
    </QueryState>
  );
}

/** Written before the shop is known, and painted the same by the shell's frame (decision 093). */
const HEAD = SCREEN_HEADS.campaigns;

/** The campaigns screen: the business's campaigns, their creation and their sends. */
export function CampaignsScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const createDialog = useDialogCode(loadCreateDialog);
  // The campaign is chosen on the tap: its dialog shows once its code is there (until then its name is busy).
  const sendDialog = useDialogCode<Awaited<ReturnType<typeof loadSendDialog>>, Campaign>(loadSendDialog);
  const CreateCampaignModal = createDialog.component;
  const SendCampaignModal = sendDialog.component;
  const creating = createDialog.subject !== null;
  const sending = sendDialog.subject;

  return (
    <div>
      <ScreenHeader>
        <h1>Campagne</h1>
        <Button
          onClick={() => void createDialog.open(true)}
          {...createDialog.intent}
          disabled={!business}
          // Busy but not disabled: a disabled button loses the focus, and the dialog gives the focus back on closing
          // to what had it when it opened.
          aria-busy={createDialog.opening || undefined}
          data-main-action
        >
          {HEAD.action}
        </Button>
      </ScreenHeader>
      <p>{HEAD.lead}</p>
      {(createDialog.failed || sendDialog.failed) && <FormAlert role="alert">{DIALOG_CODE_FAILED}</FormAlert>}
      <FilterBar>
        <TextField label="Cerca campagne" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Field label="Stato">
          {(control) => (
            <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
              <option value="all">Tutti gli stati</option>
              <StatusOptions />
            </Select>
          )}
        </Field>
      </FilterBar>
      {businessesLoading ? (
        <Spinner label="Caricamento delle campagne…" />
      ) : !business ? (
        <NoBusinessState />
      ) : (
        // Another business is another list: never the previous business's campaigns while the new ones load.
        <CampaignList
          key={business.id}
          businessId={business.id}
          search={search}
          status={status}
          onOpen={(campaign) => void sendDialog.open(campaign)}
          intent={sendDialog.intent}
          openingId={sendDialog.opening?.id ?? null}
          announceProgress={!sending && !creating}
        />
      )}
      {business && CreateCampaignModal && <CreateCampaignModal open={creating} business={business} onClose={createDialog.close} />}
      {business && sending && SendCampaignModal && <SendCampaignModal campaign={sending} business={business} onClose={sendDialog.close} />}
    </div>
  );
}
