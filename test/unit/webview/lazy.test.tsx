/** @jsxRuntime automatic @jsxImportSource preact */
// A lazily loaded part of the page (webview/src/lazy.ts): its fallback until the chunk
// arrives, then the component itself (and at once on every later render); a chunk
// that fails to load is reported and tried again the next time it is shown.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { act } from 'preact/test-utils';
import { lazy } from '../../../webview/src/lazy';
import { mount, text } from './render';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Hello = ({ name }: { name: string }) => <p class="hello">Hello {name}</p>;
const Wait = () => <p class="wait">wait</p>;

describe('lazy parts of the page', () => {
  it('shows the fallback until the chunk loads, then the component, and renders at once afterwards', async () => {
    const chunk = deferred<typeof Hello>();
    let loads = 0;
    const View = lazy(() => {
      loads++;
      return chunk.promise;
    }, Wait);
    const page = mount(<View name="a" />);
    assert.equal(text(page.root), 'wait');
    await act(async () => {
      chunk.resolve(Hello);
      await View.preload(); // after the component's own wait for the same load
    });
    assert.equal(text(page.root.querySelector('.hello')), 'Hello a');
    page.unmount();
    const again = mount(<View name="b" />);
    assert.equal(text(again.root), 'Hello b', 'no fallback once loaded');
    again.unmount();
    assert.equal(loads, 1, 'the chunk is fetched once');
  });

  it('reports a chunk that failed to load and tries again the next time it is shown', async () => {
    const attempts = [deferred<typeof Hello>(), deferred<typeof Hello>()];
    let at = 0;
    const View = lazy(() => attempts[at++]!.promise);
    const errors: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const page = mount(<View name="a" />);
      await act(async () => {
        attempts[0]!.reject(new Error('404'));
        await View.preload();
      });
      assert.equal(page.root.innerHTML, '', 'nothing without a fallback');
      assert.equal(errors.length, 1, 'the failure is reported');
      page.unmount();
      const retry = mount(<View name="b" />);
      await act(async () => {
        attempts[1]!.resolve(Hello);
        await View.preload();
      });
      assert.equal(text(retry.root), 'Hello b');
      retry.unmount();
    } finally {
      console.error = consoleError;
    }
  });

  it('preload() loads the chunk before anything renders', async () => {
    const View = lazy(async () => Hello, Wait);
    await View.preload();
    const page = mount(<View name="c" />);
    assert.equal(text(page.root), 'Hello c');
    page.unmount();
  });
});
