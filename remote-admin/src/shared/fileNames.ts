/** 'Caffè Roma & Co.' → 'caffe-roma-co': a download file name part made of lower-case letters, digits and dashes. */
export function fileSlug(text: string, fallback: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
