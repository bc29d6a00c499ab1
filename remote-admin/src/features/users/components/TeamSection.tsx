import { useId, useState, type FormEvent } from 'react';
import { Card, Checkbox, Field, QueryState, Select, TableHead, TableScroll, TextField, errorMessage, useNotify, type Business } from '@loyalty/shared';
import { FormGrid, SectionTitle, Table } from '../../../shared/layout';
import { FormFooter } from '../../../shared/FormFooter';
import { useGetAccountsQuery, useGetTeamQuery, useInviteMutation, type TeamMember } from '../api';
import { INVITE_CHANNEL_LABELS, invitationSentText, type InviteChannel } from '../model/invitation';
import { AccountActions, InvitationActions } from './AccountActions';

/** Decision 070: the roles an owner gives a colleague. */
export const MEMBER_ROLE_LABELS = { admin: 'Amministratore', staff: 'Operatore di cassa' } as const;
const STATUS_LABELS: Record<TeamMember['status'], string> = { invited: 'Invito inviato', expired: 'Invito scaduto', active: 'Attivo' };
const INVITE_ERROR = 'Impossibile inviare l’invito. Riprova.';

/** «Invita un collega»: e-mail, name, role and the shops (of this owner) the colleague will work in. */
function InviteForm({ businesses }: { businesses: readonly Business[] }) {
  const notify = useNotify();
  const errorId = useId();
  const [invite, { isLoading }] = useInviteMutation();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<'staff' | 'admin'>('staff');
  const [chosen, setChosen] = useState<string[]>([]);
  // Decision 078: the link may travel by WhatsApp or SMS where the first chosen shop sends them.
  const [channel, setChannel] = useState<InviteChannel>('email');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !fullName.trim()) return setError('Campi email e nome sono obbligatori');
    if (chosen.length === 0) return setError('Scegli almeno un negozio');
    if (channel !== 'email' && !phone.trim()) return setError('Per un invito via WhatsApp o SMS serve il numero di telefono del collega');
    setError(undefined);
    try {
      const answer = await invite({
        email: email.trim(),
        full_name: fullName.trim(),
        role,
        business_ids: chosen,
        ...(channel === 'email' ? {} : { channel, phone: phone.trim() }),
      }).unwrap();
      notify.success(invitationSentText(answer.message, channel, answer.member.email, phone.trim()));
      setEmail('');
      setFullName('');
      setChosen([]);
      setPhone('');
    } catch (failure) {
      setError(errorMessage(failure, INVITE_ERROR));
    }
  };

  const toggle = (id: string, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((b) => b !== id)));
  const invalid = error ? { 'aria-describedby': errorId } : {};

  return (
    <FormGrid noValidate onSubmit={(event) => void submit(event)} aria-labelledby="invite-title">
      <TextField label="Email del collega" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} {...invalid} />
      <TextField label="Nome e cognome" required value={fullName} onChange={(e) => setFullName(e.target.value)} {...invalid} />
      <Field label="Ruolo del collega">
        {(control) => (
          <Select {...control} value={role} onChange={(e) => setRole(e.target.value as 'staff' | 'admin')}>
            <option value="staff">{MEMBER_ROLE_LABELS.staff}</option>
            <option value="admin">{MEMBER_ROLE_LABELS.admin}</option>
          </Select>
        )}
      </Field>
      <Field label="Invia l’invito via">
        {(control) => (
          <Select {...control} value={channel} onChange={(e) => setChannel(e.target.value as InviteChannel)}>
            {Object.entries(INVITE_CHANNEL_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {channel !== 'email' && (
        <TextField label="Telefono del collega" type="tel" autoComplete="off" required value={phone} onChange={(e) => setPhone(e.target.value)} {...invalid} />
      )}
      <fieldset {...invalid}>
        <legend>Negozi</legend>
        {businesses.map((business) => (
          <Checkbox key={business.id} label={business.name} checked={chosen.includes(business.id)} onChange={(e) => toggle(business.id, e.target.checked)} />
        ))}
      </fieldset>
      <FormFooter error={error} errorId={errorId} loading={isLoading}>
        Invia invito
      </FormFooter>
    </FormGrid>
  );
}

function TeamTable({ members, businesses, superAdmin }: { members: readonly TeamMember[]; businesses: readonly Business[]; superAdmin: boolean }) {
  // Decision 078: the people the viewer may manage get the row actions (a co-admin manages none: invitations only).
  const { data: accounts } = useGetAccountsQuery();
  return (
    <TableScroll label="Tabella dei colleghi" minWidth="40rem">
      <Table>
        <caption>Colleghi</caption>
        <TableHead columns={['Nome', 'Email', 'Ruolo', 'Negozi', 'Stato', 'Azioni']} />
        <tbody>
          {members.map((member) => {
            const account = accounts?.find((a) => a.id === member.id);
            return (
              <tr key={member.id}>
                <td>{member.full_name}</td>
                <td>{member.email}</td>
                <td>{MEMBER_ROLE_LABELS[member.role]}</td>
                <td>{member.businesses.map((b) => b.business_name).join(', ')}</td>
                <td>{account?.disabled ? 'Disattivato' : STATUS_LABELS[member.status]}</td>
                <td>
                  {account ? (
                    <AccountActions account={account} member={member} businesses={businesses} superAdmin={superAdmin} />
                  ) : (
                    member.status !== 'active' && <InvitationActions member={member} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** Its own words: beside the users' list, whose load error has the specification's sentence, one error per list. */
export const TEAM_LOAD_ERROR = 'Errore nel caricamento dei colleghi e degli inviti';

/** The owner's colleagues: the invitation form and the list with each one's state (decision 070). */
export function TeamSection({ businesses, superAdmin = false }: { businesses: readonly Business[]; superAdmin?: boolean }) {
  const query = useGetTeamQuery();
  return (
    <Card aria-labelledby="invite-title">
      <SectionTitle id="invite-title">Invita un collega</SectionTitle>
      <p>Il collega riceve per email (o WhatsApp / SMS, se il negozio li invia) un link, valido 72 ore e usabile una volta, per scegliere la sua password.</p>
      <InviteForm businesses={businesses} />
      <QueryState
        query={query}
        loadingLabel="Caricamento dei colleghi…"
        errorMessage={TEAM_LOAD_ERROR}
        empty={{ message: 'Nessun collega', description: 'Invita un amministratore o un operatore di cassa con il modulo qui sopra.' }}
      >
        {(members) => <TeamTable members={members} businesses={businesses} superAdmin={superAdmin} />}
      </QueryState>
    </Card>
  );
}
