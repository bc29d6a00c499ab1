import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, errorMessage } from '@loyalty/shared';
import { useDownloadCsvMutation, type CsvDownload, type CsvExport } from '../api';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const Failure = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const LABELS: Record<CsvExport, string> = { cards: 'Esporta carte (CSV)', ledger: 'Esporta movimenti (CSV)' };
const FAILURES: Record<CsvExport, string> = {
  cards: 'Esportazione delle carte non riuscita. Riprova tra poco.',
  ledger: 'Esportazione dei movimenti non riuscita. Riprova tra poco.',
};

/** Hands a downloaded file to the browser's "save" (a link with `download`, clicked), then lets the blob go. */
function save({ url, fileName }: CsvDownload) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The admin's CSV exports of the business's cards and of its ledger (Italian Excel's format, made by
 * the API). One download at a time; the button of the running one shows it is busy, a failure is said in
 * Italian under the buttons.
 */
export function ExportButtons({ businessId, children }: { businessId: string; /** More actions on files beside them (the import). */ children?: ReactNode }) {
  const [download, { isLoading }] = useDownloadCsvMutation();
  const [running, setRunning] = useState<CsvExport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(file: CsvExport) {
    setRunning(file);
    setFailure(null);
    try {
      save(await download({ businessId, file }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, FAILURES[file]));
    } finally {
      setRunning(null);
    }
  }

  return (
    // With the import next to them (the cards screen), the group says both: a screen reader announces it.
    <Bar role="group" aria-label={children ? 'Importa ed esporta' : 'Esporta'}>
      {(Object.keys(LABELS) as CsvExport[]).map((file) => (
        <Button key={file} variant="secondary" loading={running === file} disabled={isLoading} onClick={() => void run(file)}>
          {LABELS[file]}
        </Button>
      ))}
      {children}
      {failure && <Failure role="alert">{failure}</Failure>}
    </Bar>
  );
}
