import { addPointsLink, downloadCanvasPng, getRuntimeConfig, renderQrCode } from '@loyalty/shared';
import { fileSlug } from '../../../shared/fileNames';

/** Side of the downloaded QR image, large enough to print and scan at the counter. */
export const USER_QR_SIZE = 300;

/** 'Giulia Rossi' → 'qr-giulia-rossi.png'. */
export function userQrFileName(fullName: string): string {
  return `qr-${fileSlug(fullName, 'utente')}.png`;
}

/**
 * The card's add-points link on the dashboard address of the run-time configuration: `GET /users` has
 * no QR image, and a link fixed at build time would point at the wrong host after a move.
 */
export function userQrLink(cardId: string, userId: string): string {
  return addPointsLink(getRuntimeConfig().dashboardBaseUrl, cardId, userId);
}

export async function downloadUserQr(user: { full_name: string; id: string; card_id: string }): Promise<void> {
  const canvas = await renderQrCode(userQrLink(user.card_id, user.id), USER_QR_SIZE);
  downloadCanvasPng(canvas, userQrFileName(user.full_name));
}
