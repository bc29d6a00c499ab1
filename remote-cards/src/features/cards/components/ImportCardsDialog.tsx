import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button, Modal, TableHead, errorMessage, formatCount, formatPoints, useNotify } from '@loyalty/shared';
import type { CardImportOutcome } from '../api';
import { useImportCardsCsvMutation } from '../dialogApi';

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FileLabel = styled.label`
  display: block;
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
  font-weight: 600;
`;

const Summary = styled.ul`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding-left: 1.2em;
`;

const Problems = styled.ol`
  max-height: 14rem;
  overflow: auto;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding-left: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Present = styled.details`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary { cursor: pointer; }
`;

const Sample = styled.table`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { padding: 2px ${({ theme }) => theme.space.xs}; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Nothing = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  font-weight: 600;
`;

const Failure = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const IMPORT_PREVIEW_ERROR = 'Non è stato possibile leggere il file. Riprova tra poco.';
export const IMPORT_ERROR = 'Importazione non riuscita: nessuna carta è stata creata. Riprova tra poco.';

/** The file's bytes as they are (the server checks the encoding: a text read would hide a wrong one). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('lettura non riuscita'));
    reader.readAsArrayBuffer(file);
  });
}

const plural = (n: number, one: string, other: string) => formatCount(n, { one, other });

/**
 * The API's reason for a row skipped because its email or phone is already a card of the shop (api
 * IMPORT_MESSAGES.alreadyPresent): those rows are counted, not listed among the errors.
 */
export const ALREADY_PRESENT = 'già presente';

export const NOTHING_TO_IMPORT = 'Niente da importare: tutte le righe sono già presenti o hanno errori.';

/** How the server read the file, said so that a wrong guess shows (with the sample's names). */
const FORMAT_LABELS: Record<CardImportOutcome['format'], string> = {
  'csv-utf8': 'File CSV in UTF-8.',
  'csv-windows-1252': 'File CSV non in UTF-8: letto come Windows-1252 (Excel e LibreOffice su Windows). Controlla che nomi e accenti qui sotto siano giusti.',
  xlsx: 'File Excel (.xlsx): primo foglio con dati.',
};

/** The columns used (and for what), the ones ignored, and the first rows as they would be saved. */
function FileReading({ outcome }: { outcome: CardImportOutcome }) {
  const { used, ignored } = outcome.columns;
  return (
    <>
      <Hint>{FORMAT_LABELS[outcome.format]}</Hint>
      <Summary aria-label="Colonne del file">
        <li>Colonne usate: {used.map(({ header, field }) => (header.toLowerCase() === field ? header : `${header} → ${field}`)).join(', ')}</li>
        <li>{ignored.length > 0 ? `Colonne ignorate: ${ignored.join(', ')}` : 'Nessuna colonna ignorata'}</li>
      </Summary>
      {outcome.sample.length > 0 && (
        <Sample>
          <caption>Prime righe come verranno salvate</caption>
          <TableHead columns={['Riga', 'Nome', 'Email', 'Telefono', 'Punti', 'Nascita']} />
          <tbody>
            {outcome.sample.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.name}</td>
                <td>{row.email ?? '—'}</td>
                <td>{row.phone ?? '—'}</td>
                <td>{formatPoints(row.points)}</td>
                <td>{row.birth_date ? row.birth_date.split('-').reverse().join('/') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </Sample>
      )}
    </>
  );
}

/**
 * The preview: what would be imported, what is skipped, and each row with an error with its line and reason.
 * The rows already present (re-importing a file makes thousands of them) are only a count, and their lines
 * are behind a closed "Mostra le righe già presenti".
 */
function Preview({ outcome, nothingId }: { outcome: CardImportOutcome; nothingId: string }) {
  const errors = outcome.invalid_count - outcome.skipped;
  const listedErrors = outcome.invalid.filter(({ reason }) => reason !== ALREADY_PRESENT);
  const listedPresent = outcome.invalid.filter(({ reason }) => reason === ALREADY_PRESENT);
  // The API lists the first rows not imported, the skipped ones among them: some errors may be past that list.
  const unlisted = errors - listedErrors.length;
  return (
    <section aria-label="Anteprima dell’importazione">
      <FileReading outcome={outcome} />
      <Summary>
        <li>{plural(outcome.valid, 'riga valida: verrà importata', 'righe valide: verranno importate')}</li>
        <li>{plural(outcome.with_consent, 'riga valida con consenso marketing', 'righe valide con consenso marketing')}</li>
        <li>{plural(outcome.skipped, 'riga già presente: saltata', 'righe già presenti: saltate')} (email o telefono di una carta esistente)</li>
        <li>{plural(errors, 'riga con errori', 'righe con errori')}</li>
      </Summary>
      {listedErrors.length > 0 && (
        <Problems aria-label="Righe con errori">
          {listedErrors.map(({ line, reason }) => (
            <li key={line}>
              Riga {line}: {reason}
            </li>
          ))}
        </Problems>
      )}
      {unlisted > 0 && <Hint>{unlisted === 1 ? '… e un’altra riga con errori.' : `… e altre ${formatCount(unlisted)} righe con errori.`}</Hint>}
      {listedPresent.length > 0 && (
        <Present>
          <summary>Mostra le righe già presenti</summary>
          <Problems aria-label="Righe già presenti">
            {listedPresent.map(({ line }) => (
              <li key={line}>Riga {line}</li>
            ))}
          </Problems>
        </Present>
      )}
      {outcome.valid === 0 && (
        <Nothing id={nothingId} role="status">
          {outcome.invalid_count > 0 ? NOTHING_TO_IMPORT : 'Niente da importare: il file non ha righe di clienti.'}
        </Nothing>
      )}
    </section>
  );
}

/**
 * The import's dialog, opened by «Importa carte (CSV o Excel)» next to the exports (ImportCards). Pick a file → the
 * server's preview (nothing written) → "Importa N carte", which the server validates again and writes in one
 * transaction. Imported customers get no message, and marketing consent only where the file says which channels,
 * when and how (decision 050): the dialog says so before the import. Its code comes when the button is about to be
 * pressed (decisions 095 and 113); the button itself is drawn with the screen, so nothing moves when it arrives.
 */
export function ImportCardsDialog({ businessId, open, onClose }: { businessId: string; open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const fileInputId = useId();
  const nothingId = useId();
  const [file, setFile] = useState<Uint8Array | null>(null);
  const [outcome, setOutcome] = useState<CardImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useImportCardsCsvMutation();
  const [importing, setImporting] = useState(false);

  function close() {
    if (importing) return;
    onClose();
    setFile(null);
    setOutcome(null);
    setFailure(null);
  }

  async function preview(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(null);
    setOutcome(null);
    setFailure(null);
    if (!picked) return;
    try {
      const bytes = await readBytes(picked);
      setFile(bytes);
      setOutcome(await send({ businessId, file: bytes, dryRun: true }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, IMPORT_PREVIEW_ERROR));
    }
  }

  async function runImport() {
    if (!file) return;
    setImporting(true);
    setFailure(null);
    try {
      const done = await send({ businessId, file, dryRun: false }).unwrap();
      notify.success(
        done.imported > 0 ? `${plural(done.imported, 'carta importata', 'carte importate')}.` : 'Nessuna carta importata: erano già tutte presenti o non valide.',
      );
      setImporting(false);
      close();
    } catch (error) {
      setFailure(errorMessage(error, IMPORT_ERROR));
      setImporting(false);
    }
  }

  const previewing = isLoading && !importing;
  const count = outcome?.valid ?? 0;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Importa carte da un file CSV o Excel"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={importing}>
            Annulla
          </Button>
          <Button
            onClick={() => void runImport()}
            disabled={!outcome || count === 0 || previewing}
            loading={importing}
            aria-describedby={outcome && count === 0 ? nothingId : undefined}
          >
            {`Importa ${plural(count, 'carta', 'carte')}`}
          </Button>
        </>
      }
    >
      <Hint>
        Un file Excel (.xlsx) o CSV, con la prima riga con i nomi delle colonne: <strong>nome</strong> (e <strong>cognome</strong>, se è a parte),{' '}
        <strong>email</strong> e/o <strong>telefono</strong> (o cellulare), e se vuoi <strong>punti</strong> (o saldo) e <strong>data di nascita</strong>{' '}
        (GG/MM/AAAA); le altre colonne sono ignorate. CSV: separatore «;» o «,», meglio in UTF-8 (in Excel «CSV UTF-8»). Va bene
        anche un file esportato da qui, ma le sue colonne «Consenso marketing» (sì/no) non vengono importate: non dicono quando e come è stato
        dato il consenso.
      </Hint>
      <Hint>
        Consenso marketing, facoltativo: <strong>consenso marketing</strong> (i canali: email, sms, whatsapp), <strong>data consenso</strong>{' '}
        (quando il cliente l’ha dato, GG/MM/AAAA, non più di 24 mesi fa) e <strong>fonte consenso</strong> (come, ad esempio «modulo cartaceo in
        negozio»): servono tutte e tre.
      </Hint>
      <Hint>
        Ai clienti importati non viene inviato nessun messaggio, e senza quelle colonne non hanno il consenso marketing: potranno darlo loro. Chi
        ha email o telefono di una carta già presente viene saltato, quindi importare due volte lo stesso file non cambia nulla.
      </Hint>
      <FileLabel htmlFor={fileInputId}>File CSV o Excel (.xlsx)</FileLabel>
      <input
        id={fileInputId}
        type="file"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => void preview(event)}
        disabled={isLoading}
      />
      {previewing && <Hint role="status">Controllo del file…</Hint>}
      {failure && <Failure role="alert">{failure}</Failure>}
      {outcome && <Preview outcome={outcome} nothingId={nothingId} />}
    </Modal>
  );
}
