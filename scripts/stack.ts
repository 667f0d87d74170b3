// The local stack launcher: `npm run stack:up | stack:down | stack:status` (see README, "The local stack").
import { describe, loadDotEnv, main } from './stack/cli.ts';
import { loadStackConfig } from './stack/config.ts';
import { down, status, up } from './stack/launcher.ts';
import { SERVICE_NAMES, type ServiceName } from './stack/state.ts';

const [command = 'status', ...rest] = process.argv.slice(2);
const json = rest.includes('--json');
const names = rest.filter((arg) => !arg.startsWith('--'));

await main(async () => {
  loadDotEnv();
  const config = loadStackConfig();
  switch (command) {
    case 'up': {
      const started = Date.now();
      const stack = await up(config);
      if (json) return console.log(JSON.stringify(stack));
      console.log(`\nStack ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
      for (const service of Object.values(stack)) console.log(describe(service));
      console.log('Stop with: npm run stack:down');
      return;
    }
    case 'down': {
      for (const name of names)
        if (!SERVICE_NAMES.includes(name as ServiceName)) throw new Error(`Unknown service "${name}".`);
      const stopped = await down(config, names.length ? (names as ServiceName[]) : undefined);
      console.log(stopped.length ? `Stopped: ${stopped.join(', ')}` : 'Nothing the launcher started is running.');
      return;
    }
    case 'status': {
      const services = await status(config);
      if (json) return console.log(JSON.stringify(services));
      if (!services.length) console.log('The launcher has nothing running.');
      for (const s of services)
        console.log(`${describe(s)}\n${' '.repeat(12)}${s.healthy ? 'healthy' : 'NOT healthy'}`);
      return;
    }
    default:
      throw new Error(`Unknown command "${command}". Use up, down [service…] or status.`);
  }
});
