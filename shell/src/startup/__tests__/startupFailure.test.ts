import { showStartupFailure, STARTUP_FAILED_MESSAGE } from '../startupFailure';

/** The shell's HTML as the build writes it for a dashboard page: the frame with the screen's busy placeholder. */
function frameHtml(): string {
  return `<div id="root"><div data-prerendered-frame=""><aside aria-label="Menu principale"></aside>
    <main><h1>Panoramica</h1><div aria-busy="true"><span role="status">Caricamento…</span></div></main></div></div>`;
}

describe('showStartupFailure', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.documentElement.removeAttribute('data-signed-out');
  });
  afterEach(() => {
    consoleError.mockRestore();
    document.body.innerHTML = '';
  });

  it('says so where the screen spins, no longer busy, with «Riprova» focused that loads the page again', () => {
    document.body.innerHTML = frameHtml();
    const reload = jest.fn();
    const error = new Error('Loading chunk 42 failed.');
    showStartupFailure(error, document, reload);

    const main = document.querySelector('main')!;
    const alert = main.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(STARTUP_FAILED_MESSAGE);
    expect(main.querySelector('[aria-busy]')!.getAttribute('aria-busy')).toBe('false');
    expect(main.querySelector('[role="status"]')).toBeNull();
    // The heading painted from the HTML stays.
    expect(main.querySelector('h1')!.textContent).toBe('Panoramica');
    const retry = alert.querySelector('button')!;
    expect(retry.textContent).toBe('Riprova');
    expect(document.activeElement).toBe(retry);
    expect(reload).not.toHaveBeenCalled();
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('for a visitor without a session (the frame hidden) it goes at the top of the page, outside the frame', () => {
    document.body.innerHTML = frameHtml();
    document.documentElement.setAttribute('data-signed-out', '');
    showStartupFailure(new Error('x'), document, jest.fn());

    const root = document.getElementById('root')!;
    expect(root.firstElementChild!.getAttribute('role')).toBe('alert');
    expect(document.querySelector('[data-prerendered-frame] [role="alert"]')).toBeNull();
    // The hidden frame's placeholder is left as it was.
    expect(document.querySelector('main [aria-busy="true"]')).not.toBeNull();
  });

  it('loads the page again by itself, once, when the network is back', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const reload = jest.fn();
    showStartupFailure(new Error('offline'), document, reload);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
