/** @jsxRuntime automatic @jsxImportSource preact */
// Issue 12's layout and accessibility in the page's components: the demo banner has a
// named Dismiss button and stays away once the host says it was dismissed (the
// header's "Demo" label stays), New Session is ONE "+" in the page, and an answer's
// task-list checkboxes are named by their state.
import { markdownTree } from '../../../extension/src/core/markdown/markdown-tree';
import './render';
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { Banners } from '../../../webview/src/components/banners';
import { Markdown } from '../../../webview/src/components/markdown';
import { SessionHeader } from '../../../webview/src/components/session-header';
import { click, mount, posted } from './render';
import { getByRole, getByText } from './roles';

const DEMO = { id: 'demo', model: 'demo', isDemo: true, problem: null };
const SESSION = { id: 's1', title: 'Fix the parser', readOnly: false };

beforeEach(() => {
  posted.length = 0;
});

describe('the roomy, accessible page', () => {
  it('dismisses the demo banner through the host, and hides it once the host says so', () => {
    const page = mount(<Banners provider={DEMO} session={SESSION} />);
    const dismiss = getByRole(page.root, 'button', { name: 'Dismiss' });
    assert.equal(dismiss.tagName, 'BUTTON', 'a real button: keyboard-reachable');
    click(dismiss);
    assert.deepEqual(posted, [{ type: 'dismissDemoBanner' }]);
    page.update(<Banners provider={{ ...DEMO, demoBannerDismissed: true }} session={SESSION} />);
    assert.equal(page.root.querySelector('.banner-demo'), null);
    page.unmount();

    const header = mount(
      <SessionHeader session={SESSION} sessions={[]} provider={{ ...DEMO, demoBannerDismissed: true }} />,
    );
    getByText(header.root, 'Model: demo Demo'); // the header still says Demo
    assert.equal(header.root.querySelectorAll('.codicon-add').length, 1, 'one "+" for New Session');
    header.unmount();
  });

  it('offers the model VS Code offers in one click, and nothing when it offers none', () => {
    const page = mount(<Banners provider={{ ...DEMO, languageModel: 'GPT-4.1' }} session={SESSION} />);
    click(getByRole(page.root, 'button', { name: 'Use GPT-4.1' }));
    assert.deepEqual(posted, [{ type: 'useLanguageModel' }]);
    page.update(<Banners provider={DEMO} session={SESSION} />);
    assert.equal(
      [...page.root.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Use ')),
      false,
    );
    page.unmount();
  });

  it('names each task-list checkbox by its state', () => {
    const page = mount(<Markdown blocks={markdownTree('- [x] parse\n- [ ] test')} />, {
      taskDone: '已完成',
      taskNotDone: '未完成',
    });
    const boxes = [...page.root.querySelectorAll('li.md-task input[type="checkbox"]')];
    assert.deepEqual(
      boxes.map((b) => b.getAttribute('aria-label')),
      ['已完成', '未完成'],
    );
    page.unmount();
  });
});
