/**
 * The production build's template minifier (scripts/template-minify.ts): tricky templates, and every stylesheet of
 * the flow read back through the browser's own CSS parser, which must see the same rules before and after.
 */
import { expect } from '@open-wc/testing';
import type { CSSResult } from 'lit';
import { minifyCss, minifyHtml } from '../../scripts/template-minify.js';
import '../../src/flow/flow.js';
import '../../src/flow/screens/status-screen.js';
import '../../src/steps/address/address.js';
import '../../src/steps/address/address-views.js';
import '../../src/steps/plans/plans.js';
import '../../src/steps/identity/identity.js';
import '../../src/steps/credit/credit.js';
import '../../src/steps/payment/payment.js';
import '../../src/steps/review/review.js';
import '../../src/steps/done/done.js';
import '../../src/steps/opt-out/opt-out.js';

const one = (f: (parts: readonly string[]) => string[], text: string) => f([text])[0];

/**
 * The rules as the browser understands them. Custom property values are kept as written (token streams), so there
 * the space after a comma is normalised: `var(--sf-x, #fff)` and `var(--sf-x,#fff)` substitute the same value.
 */
function cssom(text: string): string[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return [...sheet.cssRules].map((r) => r.cssText.replace(/,\s+/g, ','));
}

/** The DOM a template's markup produces, as markup again (whitespace runs as one space, none between tags). */
function dom(markup: string): string {
  const t = document.createElement('template');
  t.innerHTML = markup;
  return t.innerHTML.replace(/\s+/g, ' ').replace(/> </g, '><');
}

describe('template minifier', () => {
  it('css: drops comments and the whitespace no parser needs', () => {
    expect(one(minifyCss, `
      /* a comment { with braces } */
      :host {
        display: block;
        margin: 0 0 calc(var(--_space) * 0.5);
      }
      .a > .b, .c + .d ~ .e { color : red ; }
    `)).to.equal(':host{display:block;margin:0 0 calc(var(--_space) * 0.5)}.a>.b,.c + .d ~ .e{color :red}');
  });

  it('css: keeps the space before a colon (descendant pseudo-class), strings, escapes and calc() operators', () => {
    expect(one(minifyCss, `.a :hover { content: '  /* not a comment */  ;}'; }`)).to.equal(`.a :hover{content:'  /* not a comment */  ;}'}`);
    expect(one(minifyCss, `.q::before { content: "\\"  x"; }`)).to.equal(`.q::before{content:"\\"  x"}`);
    expect(one(minifyCss, `.i { content: '\\2014'; }`)).to.equal(`.i{content:'\\2014'}`);
    expect(one(minifyCss, `.w { width: calc(100% - 2 * var(--x)); }`)).to.equal('.w{width:calc(100% - 2 * var(--x))}');
    expect(one(minifyCss, `@media (min-width: 480px) and (forced-colors: active) { .x { top: 0; } }`)).to.equal(
      '@media (min-width:480px) and (forced-colors:active){.x{top:0}}',
    );
  });

  it('css: keeps every expression where it was', () => {
    expect(minifyCss(['\n  .a { color: ', ';\n  margin: ', ' auto; }\n  ', '\n'])).to.deep.equal(['.a{color:', ';margin:', ' auto}', '']);
  });

  it('css: every stylesheet of every element means the same to the browser after minifying', () => {
    const tags = ['sf-flow', 'sf-progress', 'sf-status-screen', 'sf-step-address',
      'sf-address-lookup', 'sf-esi-search', 'sf-address-choice', 'sf-address-confirm', 'sf-step-plans', 'sf-plan-card',
      'sf-plan-accept', 'sf-step-identity', 'sf-step-credit', 'sf-step-payment', 'sf-current-card', 'sf-step-review',
      'sf-step-done', 'sf-opt-out'];
    const sheets = new Set<CSSResult>();
    for (const tag of tags) {
      const element = customElements.get(tag) as unknown as { elementStyles?: CSSResult[] } | undefined;
      expect(element, tag).to.not.equal(undefined);
      for (const sheet of element!.elementStyles ?? []) sheets.add(sheet);
    }
    expect(sheets.size).to.be.at.least(20);
    for (const sheet of sheets) {
      const text = sheet.cssText;
      const minified = one(minifyCss, text);
      expect(minified.length).to.be.below(text.length);
      expect(cssom(minified)).to.deep.equal(cssom(text));
    }
  });

  it('html: removes indentation but never joins words', () => {
    const source = `
      <p class="lead">
        ${'\uE001'}
        <a href="/x">link</a>
      </p>
      <span>a</span>  <span>b</span>
    `;
    const out = one(minifyHtml, source);
    expect(out).to.equal(' <p class=lead> \uE001 <a href="/x">link</a> </p> <span>a</span>  <span>b</span> ');
    expect(dom(out)).to.equal(dom(source));
  });

  it('html: keeps attribute values, comments, <pre> and <textarea> content exactly', () => {
    const source = `<div\n   title="two\n   lines"\n   data-x='a   b'\n   class=${'\uE001'}\n>\n  <!-- a\n   comment -->\n  <pre>  keep\n    this </pre>\n  <textarea>\n  as is\n</textarea>\n</div>`;
    const out = one(minifyHtml, source);
    expect(out).to.equal(`<div title="two\n   lines" data-x='a   b' class=\uE001 > <!-- a\n   comment --> <pre>  keep\n    this </pre> <textarea>\n  as is\n</textarea> </div>`);
    expect(dom(out)).to.equal(dom(source));
  });

  it('html: splits back into the same number of parts around bindings', () => {
    const parts = ['\n  <button\n    class="btn"\n    @click=', '\n    ?disabled=', '\n  >\n    ', '\n  </button>\n'];
    expect(minifyHtml(parts)).to.deep.equal([' <button class=btn @click=', ' ?disabled=', ' > ', ' </button> ']);
  });

  it('html: plain attribute values lose their quotes only where the browser reads the same value', () => {
    const source = `<input type="checkbox" id="a.b:c-1" aria-hidden='true'>\n<img alt="" src="x/y" title="a b">\n<br class="x"/>`;
    const out = one(minifyHtml, source);
    expect(out).to.equal(`<input type=checkbox id=a.b:c-1 aria-hidden=true> <img alt="" src="x/y" title="a b"> <br class="x"/>`);
    expect(dom(out)).to.equal(dom(source));
  });

  it('html: text with < that is not a tag, and escapes, stay text', () => {
    expect(one(minifyHtml, 'a < b\n   and \\`c\\`')).to.equal('a < b and \\`c\\`');
  });
});
