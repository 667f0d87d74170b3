import { describe, expect, it } from 'vitest';
import { type ChannelField, columnsOf, MappingFileSchema, type VideoField } from '../../../importer/csv/columns.ts';

// The headers of the shared files (../shared/realdata), as they are written.
const TRENDING =
  'video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description'.split(
    ',',
  );
const SUBSCRIBED = 'Youtube Channel,Subscribers,Video Views,Video Count,Category,Started'.split(',');
const YOUTUBERS = 'Rank,Username,Categories,Suscribers,Country,Visits,Likes,Comments,Links'.split(',');
const GLOBAL =
  'rank,Youtuber,subscribers,video_views,category,Title,uploads,Country,Abbreviation,channel_type,video_views_rank,country_rank,channel_type_rank,video_views_for_the_last_30_days,lowest_monthly_earnings,highest_monthly_earnings,lowest_yearly_earnings,highest_yearly_earnings,subscribers_for_last_30_days,created_year,created_month,created_date,Gross tertiary education enrollment (%),Population,Unemployment rate,Urban_population,Latitude,Longitude'.split(
    ',',
  );

describe('columns found by header name', () => {
  it('maps the trending export, and an API-style flattened one', () => {
    expect(columnsOf<VideoField>('videos', TRENDING, 'f')).toMatchObject({
      videoId: 'video_id',
      channelTitle: 'channel_title',
      publishedAt: 'publish_time',
      comments: 'comment_count',
      trendingDate: 'trending_date',
      tags: 'tags',
    });
    const flattened = ['id', 'snippet.channelId', 'snippet.title', 'snippet.publishedAt', 'statistics.viewCount'];
    expect(columnsOf<VideoField>('videos', flattened, 'f')).toMatchObject({
      videoId: 'id',
      channelId: 'snippet.channelId',
      publishedAt: 'snippet.publishedAt',
      views: 'statistics.viewCount',
    });
  });

  it('maps the three shared channel lists, misspelt header and country code column included', () => {
    expect(columnsOf<ChannelField>('channels', SUBSCRIBED, 'f')).toMatchObject({
      title: 'Youtube Channel',
      subscribers: 'Subscribers',
      totalViews: 'Video Views',
      videoCount: 'Video Count',
      category: 'Category',
    });
    expect(columnsOf<ChannelField>('channels', YOUTUBERS, 'f')).toMatchObject({
      handle: 'Username',
      subscribers: 'Suscribers',
      url: 'Links',
      avgViews: 'Visits',
      category: 'Categories',
      country: 'Country',
    });
    expect(columnsOf<ChannelField>('channels', GLOBAL, 'f')).toMatchObject({
      title: 'Youtuber',
      country: 'Abbreviation',
      videoCount: 'uploads',
      totalViews: 'video_views',
    });
  });

  it('takes the mapping file over the aliases, and names a column the header lacks', () => {
    const headers = ['Video ID', 'Name', 'Published', 'Channel name'];
    const mapping = { videoId: 'Video ID', title: 'Name', publishedAt: 'Published', channelTitle: 'Channel name' };
    expect(columnsOf<VideoField>('videos', headers, 'f', mapping)).toMatchObject(mapping);
    expect(() => columnsOf<VideoField>('videos', headers, 'f.csv', { ...mapping, views: 'Views' })).toThrowError(
      /f.csv: the mapping names column "Views" for views, which the header lacks/,
    );
  });

  it('names what is missing when a file lacks a required column', () => {
    expect(() => columnsOf<VideoField>('videos', ['title', 'views'], 'v.csv')).toThrowError(
      /v.csv: no column for videoId, publishedAt, channelId or channelTitle .*--mapping/,
    );
  });

  it('validates a mapping file: only known kinds and fields', () => {
    expect(MappingFileSchema.safeParse({ videos: { videoId: 'ID' } }).success).toBe(true);
    expect(MappingFileSchema.safeParse({ videos: { videoID: 'ID' } }).success).toBe(false);
    expect(MappingFileSchema.safeParse({ clips: {} }).success).toBe(false);
  });
});
