// The server's entry: Node's flags are settled before anything heavy loads (see node-flags.ts).
import module from 'node:module';
import { relaunchWithNodeFlags } from './node-flags.ts';

relaunchWithNodeFlags();
// Node ≥ 22.1 keeps the compiled code of the server's files between starts (in the OS temp directory).
module.enableCompileCache?.();
await import('./server.ts');
