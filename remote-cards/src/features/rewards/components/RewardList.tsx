import styled from 'styled-components';
import { Badge, Button, QueryState, TableHead, TableScroll, errorMessage } from '@loyalty/shared';
import { formatAmount, unitWord, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetRewardsQuery, type Reward } from '../api';
import { redeemedText, rewardState, stockText, validityText } from '../model/rewardText';

function stateBadge(reward: Reward) {
  const state = rewardState(reward, new Date());
  return state.tone === 'success' ? <Badge $tone="success">{state.text}</Badge> : <Badge>{state.text}</Badge>;
}

export const REWARDS_LOAD_ERROR = 'Errore durante il caricamento dei premi';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { text-align: left; vertical-align: top; padding: ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td.name strong { display: block; font-size: ${({ theme }) => theme.fontSizes.md}; }
  td.name span { color: ${({ theme }) => theme.colors.textMuted}; }
  td.actions { white-space: nowrap; }
  td.actions button + button { margin-left: ${({ theme }) => theme.space.xs}; }
`;

const COLUMNS = ['Premio', 'Costo', 'Stato', 'Validità', 'Disponibili', 'Riscattato', 'Azioni'];

export interface RewardListProps {
  businessId: string;
  mode: LoyaltyMode;
  onCreate: () => void;
  onEdit: (reward: Reward) => void;
  onDelete: (reward: Reward) => void;
}

/** The business's catalogue, cheapest first (the API's order); mount it with `key={businessId}`. */
export function RewardList({ businessId, mode, onCreate, onEdit, onDelete }: RewardListProps) {
  const query = useGetRewardsQuery(businessId);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento dei premi…"
      errorMessage={(error) => errorMessage(error, REWARDS_LOAD_ERROR)}
      empty={{
        message: 'Nessun premio',
        description: `Crea il primo premio, ad esempio «Caffè omaggio» per 10 ${unitWord(mode)}: alla cassa lo riscatterai da «Riscatta premio» sulla carta del cliente o sulla pagina aperta dal suo QR.`,
        action: <Button onClick={onCreate}>Crea il primo premio</Button>,
      }}
    >
      {(rewards) => (
        <TableScroll label="Tabella dei premi" minWidth="44rem">
          <Table aria-label="Premi">
            <TableHead columns={COLUMNS} />
            <tbody>
              {rewards.map((reward) => (
                <tr key={reward.id} aria-label={reward.name}>
                  <td className="name">
                    <strong>{reward.name}</strong>
                    {reward.description && <span>{reward.description}</span>}
                  </td>
                  <td>{formatAmount(reward.cost, mode)}</td>
                  <td>{stateBadge(reward)}</td>
                  <td>{validityText(reward)}</td>
                  <td>{stockText(reward.stock)}</td>
                  <td>{redeemedText(reward.redeemed_count)}</td>
                  <td className="actions">
                    <Button variant="secondary" onClick={() => onEdit(reward)} aria-label={`Modifica ${reward.name}`}>
                      Modifica
                    </Button>
                    <Button variant="danger" onClick={() => onDelete(reward)} aria-label={`Elimina ${reward.name}`}>
                      Elimina
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </QueryState>
  );
}
