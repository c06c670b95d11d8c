import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { setLiveVersion } from '../algorithms/index.ts';
import { newInstance, newVersion } from './test-support.ts';

/**
 * Browser-test fixture (e2e/ai-instances.spec.ts), run while the server is stopped on the same
 * DATA_DIR / DATABASE_URL: `node --import tsx server/src/features/ai-instances/e2e-fixture.ts NAME`
 * adds an instance NAME with three training versions (false-positive rates 0.2, 0.1, 0.3; v1 live)
 * through `createVersion`, as training would, and prints its ids as JSON.
 */
const name = process.argv[2] ?? 'E2E instance';
const config = { ...loadConfig(), logger: false, printInitialPasswords: false };
const app = await buildApp(config);
try {
  await app.ready();
  const instance = await newInstance(app, { name });
  const versions = [];
  for (const rate of [0.2, 0.1, 0.3]) versions.push(await newVersion(app, instance.id, rate, config.dataDir));
  const [v1] = versions;
  if (!v1) throw new Error('no version');
  await setLiveVersion(app.db, { algorithmId: instance.id, versionId: v1.id, action: 'seed' });
  console.log(
    JSON.stringify({ id: instance.id, code: instance.code, versionIds: versions.map((v) => v.id) }),
  );
} finally {
  await app.close();
}
