import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ButtonRow, Checkbox, DialogFooter, Field, Modal, Select, StackedForm, errorMessage, useNotify, type Business } from '@loyalty/shared';
import {
  useCancelInvitationMutation,
  useChangeRoleMutation,
  useChangeShopsMutation,
  useDeleteAccountMutation,
  useResendInvitationMutation,
  useSendResetLinkMutation,
  useSetDisabledMutation,
  type AccountRole,
  type ManageableAccount,
  type TeamMember,
} from '../api';
import { ACCOUNT_ROLE_LABELS, assignableRoles, initialShops, worksInShops, type AccountChange } from '../model/accountChange';

/** When the server gives no words of its own. */
export const ACCOUNT_ACTION_ERROR = 'Operazione non riuscita. Riprova.';
const INVITE_ERROR = 'Impossibile inviare l’invito. Riprova.';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

type Unwrappable = { unwrap(): Promise<{ message: string }> };

/** Runs one request and says how it went in a toast: the server's sentence, or its Italian error. */
function useAct() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: string, request: () => Unwrappable, fallback = ACCOUNT_ACTION_ERROR): Promise<boolean> => {
    setBusy(name);
    try {
      notify.success((await request().unwrap()).message);
      return true;
    } catch (failure) {
      notify.error(errorMessage(failure, fallback));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, act };
}

export interface AccountActionsProps {
  /** The person as `/api/accounts` lists it: only people the viewer may manage get actions. */
  account: ManageableAccount;
  /** The person as a colleague (decision 070), when it is one: its shops and its invitation's state. */
  member?: TeamMember;
  /** The shops the viewer may give (the top bar's list: all of them for the super admin). */
  businesses: readonly Business[];
  superAdmin: boolean;
}

/**
 * Decision 078: the row actions on a person the viewer may manage. A pending invitation: «Invia di nuovo» and
 * «Annulla invito». Anyone else: «Modifica» (role and shops, in a dialog), «Disattiva» after a confirmation (it
 * signs the person out at once, mid-sale perhaps: one stray tap must not) / «Riattiva» at once, a reset link (never
 * for a client or a disabled account: the API refuses them) and «Elimina» after a confirmation.
 */
export function AccountActions({ account, member, businesses, superAdmin }: AccountActionsProps) {
  const { busy, act } = useAct();
  const [setDisabled] = useSetDisabledMutation();
  const [sendResetLink] = useSendResetLinkMutation();
  const [dialog, setDialog] = useState<'edit' | 'disable' | 'delete' | null>(null);
  const name = account.full_name;

  if (member && member.status !== 'active') return <InvitationActions member={member} />;

  return (
    <Actions>
      <Button variant="secondary" aria-label={`Modifica ruolo e negozi di ${name}`} onClick={() => setDialog('edit')}>
        Modifica
      </Button>
      <Button
        variant="secondary"
        aria-label={`${account.disabled ? 'Riattiva' : 'Disattiva'} ${name}`}
        loading={busy === 'disable'}
        onClick={() => (account.disabled ? void act('disable', () => setDisabled({ id: account.id, disabled: false })) : setDialog('disable'))}
      >
        {account.disabled ? 'Riattiva' : 'Disattiva'}
      </Button>
      {account.role !== 'client' && !account.disabled && (
        <Button variant="secondary" aria-label={`Invia link password a ${name}`} loading={busy === 'reset'} onClick={() => void act('reset', () => sendResetLink(account.id))}>
          Invia link password
        </Button>
      )}
      <Button variant="danger" aria-label={`Elimina ${name}`} onClick={() => setDialog('delete')}>
        Elimina
      </Button>
      {dialog === 'edit' && <EditAccountDialog account={account} member={member} businesses={businesses} superAdmin={superAdmin} onClose={() => setDialog(null)} />}
      <DisableAccountDialog
        account={dialog === 'disable' ? account : null}
        busy={busy === 'disable'}
        onConfirm={() => void act('disable', () => setDisabled({ id: account.id, disabled: true })).then((done) => done && setDialog(null))}
        onClose={() => setDialog(null)}
      />
      <DeleteAccountDialog account={dialog === 'delete' ? account : null} onClose={() => setDialog(null)} />
    </Actions>
  );
}

/** A pending invitation's actions (decision 070): a new link, or no invitation at all. */
export function InvitationActions({ member }: { member: Pick<TeamMember, 'id' | 'full_name'> }) {
  const { busy, act } = useAct();
  const [resend] = useResendInvitationMutation();
  const [cancel] = useCancelInvitationMutation();
  const name = member.full_name;
  return (
    <Actions>
      <Button variant="secondary" aria-label={`Invia di nuovo l’invito a ${name}`} loading={busy === 'resend'} onClick={() => void act('resend', () => resend(member.id), INVITE_ERROR)}>
        Invia di nuovo
      </Button>
      <Button variant="secondary" aria-label={`Annulla invito a ${name}`} loading={busy === 'cancel'} onClick={() => void act('cancel', () => cancel(member.id), INVITE_ERROR)}>
        Annulla invito
      </Button>
    </Actions>
  );
}

/** «Modifica»: the role (what the viewer may give) and, for a colleague, the shops among the viewer's. */
export function EditAccountDialog({ account, member, businesses, superAdmin, onClose }: AccountActionsProps & { onClose: () => void }) {
  const notify = useNotify();
  const [changeRole, roleState] = useChangeRoleMutation();
  const [changeShops, shopsState] = useChangeShopsMutation();
  const [role, setRole] = useState<AccountRole>(account.role);
  const [shops, setShops] = useState<string[]>(() => initialShops(account, member, businesses));
  const [error, setError] = useState<string | undefined>();
  const roles = assignableRoles(superAdmin, account.role);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change: AccountChange = { role, shops };
    if (worksInShops(change.role) && change.shops.length === 0) return setError('Scegli almeno un negozio');
    setError(undefined);
    const said: string[] = [];
    try {
      // The role first: the shops are a colleague's (admin or staff), which the person may have just become.
      if (role !== account.role) said.push((await changeRole({ id: account.id, role }).unwrap()).message);
      const before = initialShops(account, member, businesses);
      const shopsChanged = before.length !== shops.length || shops.some((id) => !before.includes(id));
      if (worksInShops(role) && shopsChanged) said.push((await changeShops({ id: account.id, business_ids: shops }).unwrap()).message);
      notify.success(said.length > 0 ? said.join('. ') : 'Nessuna modifica');
      onClose();
    } catch (failure) {
      // What already succeeded is said too: the lists show it once they reload.
      if (said.length > 0) notify.success(said.join('. '));
      setError(errorMessage(failure, ACCOUNT_ACTION_ERROR));
    }
  };

  const toggle = (id: string, on: boolean) => setShops((current) => (on ? [...current, id] : current.filter((b) => b !== id)));

  return (
    <Modal open onClose={onClose} title={`Modifica ${account.full_name}`}>
      <StackedForm noValidate onSubmit={(event) => void submit(event)}>
        <p>{account.email}</p>
        <Field label="Ruolo">
          {(control) => (
            <Select {...control} value={role} onChange={(e) => setRole(e.target.value as AccountRole)}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ACCOUNT_ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {worksInShops(role) && (
          <fieldset>
            <legend>Negozi in cui lavora</legend>
            {businesses.map((business) => (
              <Checkbox key={business.id} label={business.name} checked={shops.includes(business.id)} onChange={(e) => toggle(business.id, e.target.checked)} />
            ))}
          </fieldset>
        )}
        <p>Le sessioni aperte di {account.full_name} si chiudono: dovrà accedere di nuovo.</p>
        <DialogFooter error={error} onCancel={onClose} loading={roleState.isLoading || shopsState.isLoading}>
          Salva modifiche
        </DialogFooter>
      </StackedForm>
    </Modal>
  );
}

/** «Disattiva», asked first: what it does at once (the sessions end) and how it is undone. */
export function DisableAccountDialog({ account, busy, onConfirm, onClose }: { account: ManageableAccount | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal open={account !== null} onClose={onClose} title="Disattivare l’utente?">
      {account && (
        <>
          <p>
            {account.full_name} ({account.email}) verrà disconnesso subito da ogni dispositivo e non potrà accedere finché non lo riattivi. I suoi dati e i
            movimenti che ha registrato restano.
          </p>
          <ButtonRow>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button variant="danger" onClick={onConfirm} loading={busy}>
              Disattiva
            </Button>
          </ButtonRow>
        </>
      )}
    </Modal>
  );
}

/** «Elimina», confirmed: the person cannot log in any more; the points they wrote keep their name. */
export function DeleteAccountDialog({ account, onClose }: { account: ManageableAccount | null; onClose: () => void }) {
  const notify = useNotify();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const confirm = async () => {
    if (!account) return;
    try {
      notify.success((await deleteAccount(account.id).unwrap()).message);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure, ACCOUNT_ACTION_ERROR));
    }
  };

  return (
    <Modal open={account !== null} onClose={onClose} title="Eliminare l’utente?">
      {account && (
        <>
          <p>
            {account.full_name} ({account.email}) non potrà più accedere. I movimenti di punti che ha registrato conservano il suo nome. L’operazione non si
            può annullare.
          </p>
          <ButtonRow>
            <Button variant="secondary" onClick={onClose}>
              Annulla
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
              Elimina
            </Button>
          </ButtonRow>
        </>
      )}
    </Modal>
  );
}
