import { useEffect, useRef, useState, type FormEvent } from 'react';
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
  const [link, setLink] = useState('');
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

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    const card = parseCardLink(link);
    if (card) onCard(card);
    else setProblem(NOT_A_CARD);
  };

  return (
    <>
      <Video ref={videoRef} muted playsInline aria-label="Inquadratura della fotocamera" hidden={status === 'unavailable'} />
      <Message role="status">
        {status === 'starting' && 'Avvio della fotocamera…'}
        {status === 'scanning' && 'Inquadra il QR code della carta.'}
        {status === 'unavailable' && CAMERA_UNAVAILABLE}
      </Message>
      {problem && <Message role="alert">{problem}</Message>}
      <ManualForm onSubmit={submitLink}>
        <TextField label="Link della carta" type="url" value={link} onChange={(event) => setLink(event.target.value)} />
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
