/**
 * Runs in a worker thread (features/wallet/pass-signer.ts, decision 059): signs and zips one Apple Wallet pass with
 * passkit-generator. Its PKCS#7 signature is RSA in JavaScript (node-forge), tens of milliseconds per pass: on
 * the API's event loop it would hold every other request that long. Plain JavaScript, because a worker thread
 * loads its file with Node alone (neither Jest's transform nor, everywhere, tsx's).
 */
const { PKPass } = require('passkit-generator');
const { workerData } = require('piscina');

/** `files`: the pass's files by name (pass.json, images), as a worker receives buffers: Uint8Arrays. */
module.exports = function signPass({ files }) {
  const buffers = {};
  for (const [name, data] of Object.entries(files)) buffers[name] = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return new PKPass(buffers, workerData).getAsBuffer();
};
