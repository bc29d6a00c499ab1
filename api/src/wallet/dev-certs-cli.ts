/** `npm run wallet:dev-certs`: development wallet certificates in `<DATA_DIR>/wallet-dev/` (see dev-certs.ts). */
import path from 'node:path';
import { parseEnv } from '../config';
import { writeDevCertificates } from './dev-certs';

const dir = path.join(parseEnv(process.env).dataDir, 'wallet-dev');
const variables = writeDevCertificates(dir);
console.log(`Certificati di sviluppo scritti in ${dir}\n`);
console.log("Variabili da impostare nell'ambiente di npm start (nella shell: export NOME=valore, poi npm start):\n");
for (const [name, value] of Object.entries(variables)) console.log(`${name}=${value}`);
console.log(
  `\nSolo per sviluppo: iPhone e Wallet rifiutano i pass firmati con questi certificati (si fidano solo della CA di Apple).` +
    `\nLa CA di prova è ${path.join(dir, 'ca.pem')} (per verificare la firma: openssl cms -verify).` +
    '\nGoogle Wallet: il link «Salva in Google Wallet» viene creato, ma Google rifiuta questa chiave di prova; gli' +
    '\naggiornamenti verso Google falliscono senza conseguenze (ritentati, poi segnati come falliti nel log).',
);
