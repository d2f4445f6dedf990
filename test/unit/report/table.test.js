import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableModel, toHtml, toMarkdown } from '../../../lib/report/table.js';

const model = tableModel([{ title: 'format', align: 'l' }, { title: 'bytes' }],
  [{ cells: ['json', '815'], status: 'exact' }, { cells: ['<xml>', '1,154'], status: 'lossy' }]);

test('one model renders as aligned Markdown: words left, figures right', () => {
  assert.equal(toMarkdown(model), [
    '| format | bytes |',
    '| :----- | ----: |',
    '| json   |   815 |',
    '| <xml>  | 1,154 |',
  ].join('\n'));
});

test('a cell with line breaks or a pipe stays one Markdown cell: the breaks made one space, the pipe escaped', () => {
  const broken = tableModel([{ title: 'format', align: 'l' }, { title: 'verdict', align: 'l' }],
    [{ cells: ['protobuf-ts', 'failed: create: Command failed: buf generate\nFailure: plugin does not support "editions" |\n'] }]);
  assert.equal(toMarkdown(broken), [
    '| format      | verdict                                                                                     |',
    '| :---------- | :------------------------------------------------------------------------------------------ |',
    '| protobuf-ts | failed: create: Command failed: buf generate Failure: plugin does not support "editions" \\| |',
  ].join('\n'));
});

test('the same model renders as HTML with the same cells, escaped, and the row status as a class', () => {
  const html = toHtml(model);
  assert.match(html, /^<table><thead><tr><th class="l">format<\/th><th>bytes<\/th><\/tr><\/thead>/);
  assert.match(html, /<tr class="status-lossy"><td class="l">&lt;xml&gt;<\/td><td>1,154<\/td><\/tr>/);
  assert.doesNotMatch(html, /<xml>/);
});
