/**
 * Resilience journeys per remote, on a composition of their own (src/own-composition.ts), so the journeys running
 * beside them never see a faulty origin: a failing manifest, a slow or garbage script and a component that throws
 * are contained in the remote's area ('Questa sezione non è al momento disponibile.', 'Riprova') while the
 * shell, the switcher and another remote keep working — also once a slow remote's script arrives late — and the
 * next load after the fault is gone works. Two spec files share them out (tests/delivery-faults*.spec.ts), each
 * on its own composition, so the two halves run on two workers. Test titles start with [remote]: the summary
 * reporter prints one line per remote.
 */
import { test } from '@playwright/test';
import { REMOTES, expectContained, expectWorking, type DeliveryComposition, type RemoteApp } from './delivery';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy';
import { loginThroughApi } from './session';
import { variantDir } from './variants';

/** Extra origins of the composition's block: the faulty builds (0–4), the fault proxy (5). */
const PORT = { faulty: 0, proxy: 5 };

/** The faults a proxy makes, which need no variant: they can run while the variants are still building. */
export function proxyFaultJourneys(composition: DeliveryComposition, names: readonly RemoteApp[]) {
  const { originalUrls, own } = composition;
  for (const name of names) {
    const { route } = REMOTES[name];

    for (const fault of ['manifest-500', 'slow-script', 'garbage-script'] as Fault[]) {
      test(`[${name}] fault: ${fault}`, async ({ page }) => {
        let proxy: FaultProxy | undefined;
        try {
          proxy = await startFaultProxy(new URL(originalUrls[name]).origin, own().extraPort(PORT.proxy));
          proxy.fault = fault;
          own().pointRemote(name, `${proxy.origin}/mf-manifest.json`);
          await loginThroughApi(page);
          await page.goto(route);
          await expectContained(page, name, { late: fault === 'slow-script' });
          proxy.fault = 'none';
          await page.goto(route);
          await expectWorking(page, name);
        } finally {
          own().pointRemote(name, originalUrls[name]);
          await proxy?.close();
        }
      });
    }
  }
}

/** A remote whose component throws while rendering (a faulty variant build, src/variants.ts). */
export function throwingComponentJourneys(composition: DeliveryComposition, names: readonly RemoteApp[]) {
  const { originalUrls, own } = composition;
  for (const name of names) {
    const { route } = REMOTES[name];

    test(`[${name}] fault: component throws while rendering`, async ({ page }) => {
      // It may wait for the background build of the variants.
      test.setTimeout(10 * 60_000);
      const faultyOrigins = await composition.serveEach(variantDir.faulty, PORT.faulty);
      own().pointRemote(name, `${faultyOrigins[name]}/mf-manifest.json`);
      try {
        await loginThroughApi(page);
        await page.goto(route);
        await expectContained(page, name);
      } finally {
        own().pointRemote(name, originalUrls[name]);
      }
      // Nothing the broken version left behind (store, local storage) breaks the next load.
      await page.goto(route);
      await expectWorking(page, name);
    });
  }
}
