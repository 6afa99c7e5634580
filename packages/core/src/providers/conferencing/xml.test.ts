import { describe, expect, it } from 'vitest';
import { createAnswer, getMeetingInfoAnswer, getMeetingsAnswer, getRecordingsAnswer } from './bbb-answers.test-data.ts';
import { child, children, escapeXml, parseXml, textOf } from './xml.ts';

const response = (xml: string) => child(parseXml(xml), 'response');

describe('parseXml on BigBlueButton answers', () => {
  it('reads create: return code, ids and the duplicate warning', () => {
    const r = response(`<?xml version="1.0" encoding="UTF-8"?>\n${createAnswer}`);
    expect(textOf(r, 'returncode')).toBe('SUCCESS');
    expect(textOf(r, 'internalMeetingID')).toBe('640ab2bae07bedc4c163f679a746f7ab7fb5d1fa-1531155809613');
    // values stay strings: a long number is not rounded, a leading zero not dropped
    expect(textOf(r, 'createTime')).toBe('1531155809613');
    expect(textOf(r, 'messageKey')).toBe('duplicateWarning');
    expect(textOf(r, 'message')).toBe('This conference was already in existence and may currently be in progress.');
  });

  it('reads getMeetingInfo and getMeetings: nested lists in order, empty elements, metadata names with dashes', () => {
    const info = response(getMeetingInfoAnswer);
    const attendees = children(child(info, 'attendees'), 'attendee');
    expect(attendees.map((a) => [textOf(a, 'userID'), textOf(a, 'fullName'), textOf(a, 'role')])).toEqual([
      ['w_ftcrsyuh44oj', 'Anton G', 'MODERATOR'],
    ]);
    expect(textOf(attendees[0], 'customdata')).toBe('');
    expect(child(info, 'metadata')?.children.map((m) => m.name)).toEqual([
      'bbb-origin-version',
      'bbb-recording-ready-url',
      'bbb-origin',
      'endcallbackurl',
    ]);
    const meetings = children(child(response(getMeetingsAnswer), 'meetings'), 'meeting');
    expect(meetings.map((m) => [textOf(m, 'meetingID'), textOf(m, 'running')])).toEqual([
      ['Demo Meeting', 'false'],
      ['second-01', 'true'],
    ]);
    expect(child(meetings[0], 'attendees')).toEqual({ name: 'attendees', text: '', children: [] });
  });

  it('reads getRecordings: repeated formats, entities in URLs, attributes ignored', () => {
    const recordings = children(child(response(getRecordingsAnswer), 'recordings'), 'recording');
    expect(recordings).toHaveLength(2);
    const formats = children(child(recordings[0], 'playback'), 'format');
    expect(formats.map((f) => textOf(f, 'type'))).toEqual(['podcast', 'presentation']);
    expect(textOf(formats[1], 'url')).toBe(
      'https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124&t=1',
    );
    const image = child(child(child(formats[1], 'preview'), 'images'), 'image');
    expect(image?.text).toBe('https://demo.bigbluebutton.org/presentation/thumb-1.png');
    expect(textOf(recordings[0], 'name')).toBe("Fred's Room");
    expect(children(child(recordings[1], 'playback'), 'format')).toEqual([]);
  });
});

describe('parseXml on text', () => {
  it('decodes the XML entities and numeric references once, and keeps CDATA as written', () => {
    const r = response(
      '<response><a>A &amp; B &lt;c&gt; &quot;q&quot; &apos;s&apos; &amp;lt;</a>' +
        '<b>&#1605;&#x62C;&#x644;&#x633; &#x1F600;</b><c><![CDATA[<b>bold</b> & more]]></c>' +
        '<d>before <![CDATA[<x>]]> after</d></response>',
    );
    expect(textOf(r, 'a')).toBe('A & B <c> "q" \'s\' &lt;');
    expect(textOf(r, 'b')).toBe('مجلس 😀');
    expect(textOf(r, 'c')).toBe('<b>bold</b> & more');
    expect(textOf(r, 'd')).toBe('before <x> after');
  });

  it('keeps Arabic text and spaces, ignores comments and processing instructions', () => {
    const r = response('<?xml version="1.0"?><!-- generated --><response><name>  اجتماع الفريق  </name></response>');
    expect(child(r, 'name')?.text).toBe('  اجتماع الفريق  ');
    expect(textOf(r, 'name')).toBe('اجتماع الفريق');
    expect(textOf(r, 'missing')).toBe('');
  });
});

describe('parseXml on bodies that are not BigBlueButton XML', () => {
  it.each([
    ['an empty body', ''],
    ['white space', ' \n '],
    ['plain text', 'Service Unavailable'],
    ['a cut-off answer', '<response><returncode>SUCCESS</returncode><meetingID>abc'],
    ['crossed tags', '<response><a></b></response>'],
    ['an HTML error page', '<html><head><title>502 Bad Gateway</title></head><body><hr></body></html>'],
    ['stray brackets', '<<<>>>'],
  ])('reads %s as an empty document, without throwing', (_, body) => {
    expect(parseXml(body)).toEqual({ name: '#document', text: '', children: [] });
  });

  it('does not expand a DOCTYPE entity bomb beyond the parser limits', () => {
    const lol = `<!DOCTYPE r [<!ENTITY a "${'x'.repeat(5000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
    const started = Date.now();
    const doc = parseXml(`${lol}<response><returncode>&c;&c;&c;&c;</returncode></response>`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(textOf(child(doc, 'response'), 'returncode').length).toBeLessThan(200_000);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML characters so parseXml reads the text back', () => {
    const text = `<a href="x">Tom & Jerry's</a>`;
    expect(escapeXml(text)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(textOf(parseXml(`<r><t>${escapeXml(text)}</t></r>`).children[0], 't')).toBe(text);
  });
});
