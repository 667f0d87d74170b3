// The machine a benchmark ran on, as its result file names it.
import os from 'node:os';

export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 2)} MB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
