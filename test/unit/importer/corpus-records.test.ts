import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Format } from '../../../importer/corpus/manifest.ts';
import { type CorpusRow, recordsOf } from '../../../importer/corpus/records.ts';

const read = (text: string, format: Format, region: string | null = null, charted: string | null = null) => [
  ...recordsOf(new TextEncoder().encode(text), { format, region, charted }),
];
const rows = (records: ReturnType<typeof read>) => records.filter((r): r is CorpusRow => 'video' in r);

describe('reading each format of the corpus sources', () => {
  it('reads the datasnaek layout: YY.DD.MM chart days, literal \\n as line breaks, the file region', () => {
    const text = [
      'video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description',
      'abcDEF12345,17.14.11,A title,Some Channel,22,2017-11-13T17:13:01.000Z,"""one""|""two""",10,1,0,0,x,False,False,False,Line one\\nUse code X\\nLine three',
    ].join('\n');
    const [row] = rows(read(text, 'datasnaek-csv', 'GB'));
    expect(row?.video).toMatchObject({
      videoId: 'abcDEF12345',
      channelId: null,
      channelTitle: 'Some Channel',
      tags: ['one', 'two'],
      publishedAt: '2017-11-13T17:13:01.000Z',
      description: 'Line one\nUse code X\nLine three',
    });
    expect(row).toMatchObject({ region: 'GB', charted: '2017-11-14' });
  });

  it('reads the rsrishav layout with channel ids and ISO chart days, and counts a short row as bad', () => {
    const text = [
      'video_id,title,publishedAt,channelId,channelTitle,categoryId,trending_date,tags,view_count,description',
      'Vid_0000001,T,2021-03-01T10:00:00Z,UCaaaaaaaaaaaaaaaaaaaaaa,Chan,10,2021-03-02T00:00:00Z,a|b,5,"real\nbreak"',
      'Vid_0000002,T,2021-03-01T10:00:00Z',
    ].join('\n');
    const records = read(text, 'rsrishav-csv', 'US');
    expect(rows(records)[0]).toMatchObject({
      video: { channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa', description: 'real\nbreak', tags: ['a', 'b'] },
      charted: '2021-03-02',
    });
    expect(records[1]).toEqual({ bad: 'a row with 3 fields where the header has 10' });
  });

  it('reads a gzipped scraper CSV through the column aliases, and counts a header written again as bad', () => {
    const text = [
      'title,description,videoId,channelName,channelId,publishedDate',
      'Hi,Use code X at example.com...,Gz_Video_01,Chan,UCaaaaaaaaaaaaaaaaaaaaaa,2025-06-12T10:00:00.000Z',
      'title,description,videoId,channelName,channelId,publishedDate',
    ].join('\n');
    const records = [...recordsOf(gzipSync(text), { format: 'scraper-csv', region: null, charted: '2025-06-13' })];
    expect(records[0]).toMatchObject({
      video: { videoId: 'Gz_Video_01', channelTitle: 'Chan', description: 'Use code X at example.com...' },
      charted: '2025-06-13',
    });
    expect(records[1]).toEqual({ bad: 'a repeated header row' });
  });

  it('refuses a file listed under a layout whose header it lacks', () => {
    expect(() => read('video_id,title,publishedAt\nx,y,z\n', 'datasnaek-csv')).toThrowError(
      /not a datasnaek-csv file: its header lacks trending_date, channel_title, publish_time/,
    );
  });

  it('reads a saved API response: nested snippet, tags as a list, the snapshot day when rows carry none', () => {
    const response = {
      kind: 'youtube#videoListResponse',
      items: [
        {
          id: 'Api_Video_1',
          snippet: {
            publishedAt: '2023-10-15T12:00:00Z',
            channelId: 'UCbbbbbbbbbbbbbbbbbbbbbb',
            title: 'The real title',
            description: 'Sponsored by Acme',
            channelTitle: 'Api Channel',
            tags: ['x', 'y'],
            thumbnails: { default: { url: 'https://i.ytimg.com/x.jpg' } },
            localized: { title: 'Un autre titre', description: 'Autre' },
          },
          statistics: { viewCount: '12' },
        },
      ],
    };
    const [row] = rows(read(JSON.stringify(response), 'api-json', 'US', '2023-10-16'));
    expect(row?.video).toMatchObject({
      videoId: 'Api_Video_1',
      title: 'The real title',
      description: 'Sponsored by Acme',
      tags: ['x', 'y'],
      views: 12,
    });
    expect(row).toMatchObject({ region: 'US', charted: '2023-10-16' });
  });

  it('reads flat records with a region per row, and objects keyed by video id', () => {
    const records = [
      {
        video_id: 'Rec_Video_1',
        country_code: 'IT',
        title: 'Ciao',
        publishedAt: '2020-03-28T17:22:39.000Z',
        channelId: 'UCcccccccccccccccccccccc',
        channelTitle: 'Canale',
        trending_date: '20.01.04',
        tags: ['a'],
        statistics: { view_count: '3' },
        description: 'Testo',
      },
    ];
    expect(rows(read(JSON.stringify(records), 'records-json', null))[0]).toMatchObject({
      video: { videoId: 'Rec_Video_1', channelTitle: 'Canale' },
      region: 'IT',
      charted: '2020-04-01',
    });
    const keyed = {
      Key_Video_1: { publishedAt: '2024-11-22T00:25:42Z', title: 'Up', channelTitle: 'Uploader', description: 'D' },
    };
    expect(rows(read(JSON.stringify(keyed), 'keyed-json'))[0]).toMatchObject({
      video: { videoId: 'Key_Video_1', channelTitle: 'Uploader' },
      region: null,
      charted: null,
    });
  });

  it('counts a record without a publish time or with an impossible id as bad, with the reason', () => {
    const records = read(
      JSON.stringify([
        { video_id: 'Good_Video1', title: 't', channelTitle: 'c' },
        { video_id: '#NAME?', title: 't', channelTitle: 'c', publishedAt: '2022-01-01T00:00:00Z' },
      ]),
      'records-json',
    );
    expect(records).toEqual([
      { bad: 'no video id, title, publish time or channel' },
      { bad: 'not a video id: "#NAME?"' },
    ]);
  });

  it("gives a file without a channel column the manifest's channel, and never overrides a file's own", () => {
    const uploads = [
      'videoId,title,description,publishedAt',
      'Upload_0001,Episode 1,Brought to you by X,2023-05-01T12:00:00Z',
    ].join('\n');
    const source = { format: 'scraper-csv', region: null, charted: null } as const;
    expect(
      rows([...recordsOf(new TextEncoder().encode(uploads), { ...source, channel: 'PBS KIDS' })])[0]?.video,
    ).toMatchObject({
      videoId: 'Upload_0001',
      channelId: null,
      channelTitle: 'PBS KIDS',
      description: 'Brought to you by X',
    });
    // Without it, such a file's rows are bad, as before.
    expect(read(uploads, 'scraper-csv')).toEqual([{ bad: 'no video id, title, publish time or channel' }]);
    const own = 'video_id,title,publishedAt,channelTitle\nOwn_Video_1,T,2023-05-01T12:00:00Z,Its Own\n';
    expect(
      rows([...recordsOf(new TextEncoder().encode(own), { ...source, channel: 'Other' })])[0]?.video.channelTitle,
    ).toBe('Its Own');
    // A file that lacks something else (here the publish time) stays bad with a channel too.
    expect([
      ...recordsOf(new TextEncoder().encode('videoId,title\nNo_Publish1,T\n'), { ...source, channel: 'C' }),
    ]).toEqual([{ bad: 'no video id, title, publish time or channel' }]);
  });
});
