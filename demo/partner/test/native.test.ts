/** The WebView page's panel (client/native.ts): each message as each platform's native handler receives it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PLATFORMS, swiftLiteral } from '../client/native.js';

const step = { type: 'service-flow-step', step: 'plans', version: 1, scope: 'enrollment' };
const close = { type: 'service-flow-close', reason: 'completed', account_status: 'reviewing', version: 1, scope: 'enrollment' };

describe('what a native handler receives', () => {
  it('React Native and Android: the very string the flow gives their bridges, JSON.stringify(message)', () => {
    for (const platform of ['react-native', 'android'] as const) {
      assert.equal(PLATFORMS[platform].render(step), '{"type":"service-flow-step","step":"plans","version":1,"scope":"enrollment"}');
      assert.deepEqual(JSON.parse(PLATFORMS[platform].render(close)), close);
    }
    assert.equal(PLATFORMS['react-native'].expression, 'event.nativeEvent.data');
    assert.equal(PLATFORMS.android.type, 'String');
  });

  it('iOS: message.body as a Swift dictionary literal, strings quoted, numbers bare', () => {
    assert.equal(PLATFORMS.ios.expression, 'message.body');
    assert.equal(PLATFORMS.ios.type, '[String: Any]');
    assert.equal(PLATFORMS.ios.render(step), '["type": "service-flow-step", "step": "plans", "version": 1, "scope": "enrollment"]');
  });

  it('writes nested values, empty dictionaries and quotes as Swift does', () => {
    assert.equal(swiftLiteral({ a: [1, 'x'], b: {}, c: true, d: null, e: 'say "hi"' }), '["a": [1, "x"], "b": [:], "c": true, "d": NSNull(), "e": "say \\"hi\\""]');
  });
});
