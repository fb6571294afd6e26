// extensionTestsPath entry (bundled to dist/e2e/index.cjs): VS Code calls run()
// inside the extension host — code-server's Node extension host here
// (test/e2e/run.mjs), or Electron's under @vscode/test-electron (electron.mjs).
import * as path from 'node:path';

export async function run(): Promise<void> {
  // mocha 12 is an ES module; import() works in both hosts.
  const { default: Mocha } = (await import('mocha')) as unknown as { default: typeof import('mocha') };
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: 'spec' });
  mocha.addFile(path.join(__dirname, 'extension.e2e.cjs'));
  await new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) =>
      failures ? reject(new Error(`${failures} end-to-end test${failures === 1 ? '' : 's'} failed`)) : resolve(),
    );
    // say why at once (the spec reporter only lists failures at the end, which a hung host never reaches)
    runner.on('fail', (t, err: Error) => console.error(`      ✘ ${t.title}: ${err?.stack ?? err}`));
  });
}
