import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SignatureCheckPool } from './server/plugins/signatureCheckPool.ts';
const a = privateKeyToAccount(generatePrivateKey());
const pool = new SignatureCheckPool();
const s = await a.signMessage({ message: 'hi' });
const t = performance.now();
console.log(await pool.verify({ address: a.address, message: 'hi', signature: s }), performance.now() - t, pool.checkedOffThread);
console.log(await pool.verify({ address: a.address, message: 'ho', signature: s }), performance.now() - t);
await pool.close();
