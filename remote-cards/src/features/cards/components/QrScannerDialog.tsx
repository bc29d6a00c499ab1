import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Modal, TextField } from '@loyalty/shared';
import { parseCardLink, type CardLink } from '../model/cardLink';

export const NOT_A_CARD = 'Questo QR non è una carta fedeltà';

export const CAMERA_UNAVAILABLE = 'Fotocamera non disponibile: incolla il link della carta qui sotto.';

const Video = styled.video`
  width: 100%;
  max-height: 60vh;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #000;
`;

const Message = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0;
`;

const ManualForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  > :first-child { flex: 1 1 14rem; }
`;

interface ScannerControls {
  stop: () => void;
}

/**
 * Reads a card's QR with the device camera. @zxing/browser is imported only when the dialog opens,
 * so nobody downloads it who does not scan. Where there is no camera (or no permission) the link can
 * be pasted instead, which also keeps the dialog usable from the keyboard.
 */
function ScannerBody({ onCard }: { onCard: (card: CardLink) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<'starting' | 'scanning' | 'unavailable'>('starting');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  // One field checked on submit with its rule, no react-hook-form: the counter page (where «Scansiona» is) loads
  // no form library (decision 097).
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>(undefined);
  const linkField = useRef<HTMLInputElement>(null);
  const onCardRef = useRef(onCard);
  onCardRef.current = onCard;

  useEffect(() => {
    let controls: ScannerControls | null = null;
    let cancelled = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia || !videoRef.current) throw new Error('no camera');
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      if (cancelled || !videoRef.current) return;
      const reader = new BrowserQRCodeReader();
      controls = await reader.decodeFromVideoDevice(undefined, videoRef.current, (result) => {
        if (!result) return;
        const card = parseCardLink(result.getText());
        if (card) {
          controls?.stop();
          onCardRef.current(card);
        } else {
          setProblem(NOT_A_CARD);
        }
      });
      if (cancelled) controls.stop();
      else setStatus('scanning');
    };
    start().catch(() => {
      if (!cancelled) setStatus('unavailable');
    });
    return () => {
      cancelled = true;
      controls?.stop();
    };
  }, []);

  const submitLink = () => {
    // A pasted link must be a card's add-points link: its one rule is the link's reader (no schema needed, and none
    // loaded with the cards screen, decision 107).
    const card = parseCardLink(link);
    if (!card) {
      setLinkError(NOT_A_CARD);
      linkField.current?.focus();
      return;
    }
    setLinkError(undefined);
    onCard(card);
  };
  // What the camera read, or the pasted link's rule: one message.
  const shownProblem = linkError ?? problem;

  return (
    <>
      <Video ref={videoRef} muted playsInline aria-label="Inquadratura della fotocamera" hidden={status === 'unavailable'} />
      <Message role="status">
        {status === 'starting' && 'Avvio della fotocamera…'}
        {status === 'scanning' && 'Inquadra il codice QR della carta.'}
        {status === 'unavailable' && CAMERA_UNAVAILABLE}
      </Message>
      {shownProblem && (
        <Message id={problemId} role="alert">
          {shownProblem}
        </Message>
      )}
      <ManualForm
        onSubmit={(event) => {
          event.preventDefault();
          submitLink();
        }}
        noValidate
      >
        <TextField
          ref={linkField}
          label="Link della carta"
          type="url"
          {...(linkError ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})}
          value={link}
          onChange={(event) => setLink(event.target.value)}
        />
        <Button type="submit" variant="secondary">Apri</Button>
      </ManualForm>
    </>
  );
}

export function QrScannerDialog({ open, onClose, onCard }: { open: boolean; onClose: () => void; onCard: (card: CardLink) => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Scansiona una carta">
      <ScannerBody onCard={onCard} />
    </Modal>
  );
}
