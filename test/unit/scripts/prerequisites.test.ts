// The fresh-machine decision of scripts/prerequisites.mjs (installPlan), with the
// machine described by injected probes: nothing to do, install as root with apt-get
// (saying what and why once; `apt-get update` first only when apt knows no candidate),
// or stop with the exact command. The real apt path (`apt-get remove -y chromium
// bubblewrap`, then `CI=true bash .ci/run` in a fresh clone) is run by hand: this
// machine's other users need those packages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  installCommand,
  installPlan,
  PREREQUISITES,
  type MachineProbes,
  type PrerequisiteName,
} from '../../../scripts/prerequisites.mjs';

function machine(
  over: Partial<MachineProbes> & { absent?: PrerequisiteName[]; unknownToApt?: string[] } = {},
): MachineProbes {
  const { absent = [], unknownToApt = [], ...rest } = over;
  return {
    present: (name) => !absent.includes(name),
    isRoot: true,
    hasAptGet: true,
    aptKnows: (pkg) => !unknownToApt.includes(pkg),
    ...rest,
  };
}

describe('prerequisites on a fresh machine (installPlan)', () => {
  it('does nothing when everything is installed, even without root or apt', () => {
    assert.deepEqual(installPlan(['chromium', 'bubblewrap'], machine({ isRoot: false, hasAptGet: false })), {
      kind: 'ready',
    });
  });

  it('as root with apt-get: installs only what is missing, after one line saying what and one why per package', () => {
    const plan = installPlan(
      ['chromium', 'bubblewrap', 'make'],
      machine({ absent: ['chromium', 'bubblewrap'] }),
      'npm test',
    );
    assert.equal(plan.kind, 'install');
    if (plan.kind !== 'install') return;
    assert.deepEqual(plan.packages, ['chromium', 'bubblewrap']);
    assert.deepEqual(plan.announce, [
      'npm test: installing chromium, bubblewrap from Debian (apt-get, once):',
      '  chromium: the integration and e2e tiers run VS Code in a headless browser',
      "  bubblewrap: the bash tool's sandbox (its tests run commands in it)",
    ]);
    assert.equal(plan.updateFirst, false, 'no apt-get update when apt already knows the packages');
  });

  it("installs Debian's ripgrep for npm test when rg is missing, saying why (grep's two engines are both tested)", () => {
    const plan = installPlan(['chromium', 'ripgrep'], machine({ absent: ['ripgrep'] }), 'npm test');
    assert.equal(plan.kind, 'install');
    if (plan.kind !== 'install') return;
    assert.deepEqual(plan.packages, ['ripgrep']);
    assert.deepEqual(plan.announce, [
      'npm test: installing ripgrep from Debian (apt-get, once):',
      `  ripgrep: ${PREREQUISITES.ripgrep.why}`,
    ]);
    assert.equal(installCommand(['ripgrep']), 'apt-get update && apt-get install -y ripgrep');
  });

  it('runs apt-get update first only when apt knows no candidate for a package (a fresh image has no lists)', () => {
    const plan = installPlan(
      ['chromium', 'bubblewrap'],
      machine({ absent: ['chromium', 'bubblewrap'], unknownToApt: ['bubblewrap'] }),
    );
    assert.equal(plan.kind === 'install' && plan.updateFirst, true);
  });

  it('names each Debian package once (the compilers share a reason, not a package)', () => {
    const plan = installPlan(['make', 'g++', 'python3'], machine({ absent: ['make', 'g++', 'python3'] }));
    assert.deepEqual(plan.kind === 'install' && plan.packages, ['make', 'g++', 'python3']);
  });

  it('not root: stops with the exact command to run as root, naming only what is missing', () => {
    const plan = installPlan(
      ['chromium', 'bubblewrap'],
      machine({ isRoot: false, absent: ['bubblewrap'] }),
      'npm test',
    );
    assert.deepEqual(plan, {
      kind: 'stop',
      absent: ['bubblewrap'],
      message:
        'npm test needs bubblewrap, which is not installed. Run as root:\n  apt-get update && apt-get install -y bubblewrap',
    });
  });

  it('no apt-get (not Debian): stops, naming the packages and the Debian command', () => {
    const plan = installPlan(['chromium'], machine({ hasAptGet: false, absent: ['chromium'] }), 'npm test');
    assert.equal(plan.kind, 'stop');
    assert.match(
      plan.kind === 'stop' ? plan.message : '',
      /^npm test needs chromium, which is not installed\. Install chromium with the system's package manager \(on Debian, as root:\n {2}apt-get update && apt-get install -y chromium\)$/,
    );
  });

  it('the command installs every missing package non-interactively', () => {
    assert.equal(
      installCommand(['chromium', 'bubblewrap', 'g++']),
      'apt-get update && apt-get install -y chromium bubblewrap g++',
    );
  });
});
