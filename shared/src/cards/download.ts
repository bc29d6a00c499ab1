/** Saves `href` (a data: or blob: address) as `fileName` through a temporary download link. */
export function downloadUrl(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
