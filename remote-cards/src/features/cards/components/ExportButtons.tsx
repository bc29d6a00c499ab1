import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, downloadUrl, errorMessage } from '@loyalty/shared';
import { useDownloadCsvMutation, type CsvDownload, type CsvExport, type ExportFormat } from '../api';

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

/** Each file as Excel (typed cells: decision 073) and as CSV (for other tools). */
const DOWNLOADS: { file: CsvExport; format: ExportFormat; label: string }[] = [
  { file: 'cards', format: 'xlsx', label: 'Esporta carte (Excel .xlsx)' },
  { file: 'cards', format: 'csv', label: 'Esporta carte (CSV)' },
  { file: 'ledger', format: 'xlsx', label: 'Esporta movimenti (Excel .xlsx)' },
  { file: 'ledger', format: 'csv', label: 'Esporta movimenti (CSV)' },
];
const FAILURES: Record<CsvExport, string> = {
  cards: 'Esportazione delle carte non riuscita. Riprova tra poco.',
  ledger: 'Esportazione dei movimenti non riuscita. Riprova tra poco.',
};

/** Hands a downloaded file to the browser's "save" (a link with `download`, clicked), then lets the blob go. */
function save({ url, fileName }: CsvDownload) {
  downloadUrl(url, fileName);
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The admin's exports of the business's cards and of its ledger, as Excel files with typed cells or as CSV
 * (Italian Excel's format), made by the API. One download at a time; the button of the running one shows it is busy, a failure is said in
 * Italian under the buttons.
 */
export function ExportButtons({ businessId, children }: { businessId: string; /** More actions on files beside them (the import). */ children?: ReactNode }) {
  const [download, { isLoading }] = useDownloadCsvMutation();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run({ file, format, label }: (typeof DOWNLOADS)[number]) {
    setRunning(label);
    setFailure(null);
    try {
      save(await download({ businessId, file, format }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, FAILURES[file]));
    } finally {
      setRunning(null);
    }
  }

  return (
    // With the import next to them (the cards screen), the group says both: a screen reader announces it.
    <Bar role="group" aria-label={children ? 'Importa ed esporta' : 'Esporta'}>
      {DOWNLOADS.map((download) => (
        <Button key={download.label} variant="secondary" loading={running === download.label} disabled={isLoading} onClick={() => void run(download)}>
          {download.label}
        </Button>
      ))}
      {children}
      {failure && <Failure role="alert">{failure}</Failure>}
    </Bar>
  );
}
