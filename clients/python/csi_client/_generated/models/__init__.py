"""Contains all the data models used in inputs/outputs"""

from .audience import Audience
from .audience_age_distribution import AudienceAgeDistribution
from .audience_confidence_label import AudienceConfidenceLabel
from .audience_gender_distribution import AudienceGenderDistribution
from .audience_geo_distribution import AudienceGeoDistribution
from .audience_language_distribution import AudienceLanguageDistribution
from .audience_sample_type_0 import AudienceSampleType0
from .creator_detail import CreatorDetail
from .creator_detail_links import CreatorDetailLinks
from .creator_facets import CreatorFacets
from .creator_sponsor import CreatorSponsor
from .creator_summary import CreatorSummary
from .credits_ import Credits
from .error import Error
from .error_error import ErrorError
from .error_error_code import ErrorErrorCode
from .export_creators_format import ExportCreatorsFormat
from .export_creators_niche_category import ExportCreatorsNicheCategory
from .export_creators_sort import ExportCreatorsSort
from .export_creators_video_format import ExportCreatorsVideoFormat
from .facet_value import FacetValue
from .find_similar_creators_niche_category import FindSimilarCreatorsNicheCategory
from .find_similar_creators_response_200 import FindSimilarCreatorsResponse200
from .find_similar_creators_response_200_creator import (
    FindSimilarCreatorsResponse200Creator,
)
from .find_similar_creators_response_200_creators_item import (
    FindSimilarCreatorsResponse200CreatorsItem,
)
from .find_similar_creators_response_200_creators_item_matched_item import (
    FindSimilarCreatorsResponse200CreatorsItemMatchedItem,
)
from .find_similar_creators_video_format import FindSimilarCreatorsVideoFormat
from .get_creator_audience_response_200 import GetCreatorAudienceResponse200
from .get_creator_history_response_200 import GetCreatorHistoryResponse200
from .get_creator_history_response_200_creator import (
    GetCreatorHistoryResponse200Creator,
)
from .get_creator_response_200 import GetCreatorResponse200
from .get_creator_sponsorships_response_200 import GetCreatorSponsorshipsResponse200
from .get_creator_sponsorships_response_200_creator import (
    GetCreatorSponsorshipsResponse200Creator,
)
from .get_sponsor_response_200 import GetSponsorResponse200
from .growth import Growth
from .growth_last_30_days_type_0 import GrowthLast30DaysType0
from .growth_last_90_days_type_0 import GrowthLast90DaysType0
from .list_niches_response_200 import ListNichesResponse200
from .niche import Niche
from .search_creators_niche_category import SearchCreatorsNicheCategory
from .search_creators_response_200 import SearchCreatorsResponse200
from .search_creators_sort import SearchCreatorsSort
from .search_creators_video_format import SearchCreatorsVideoFormat
from .search_sponsors_response_200 import SearchSponsorsResponse200
from .snapshot import Snapshot
from .sponsor_detail import SponsorDetail
from .sponsor_detail_social_links_type_0 import SponsorDetailSocialLinksType0
from .sponsor_detail_stats import SponsorDetailStats
from .sponsor_facets import SponsorFacets
from .sponsor_summary import SponsorSummary
from .sponsorship import Sponsorship
from .sponsorship_sponsor import SponsorshipSponsor
from .usage import Usage
from .usage_days_item import UsageDaysItem
from .usage_endpoints_item import UsageEndpointsItem
from .usage_keys_item import UsageKeysItem

__all__ = (
    "Audience",
    "AudienceAgeDistribution",
    "AudienceConfidenceLabel",
    "AudienceGenderDistribution",
    "AudienceGeoDistribution",
    "AudienceLanguageDistribution",
    "AudienceSampleType0",
    "CreatorDetail",
    "CreatorDetailLinks",
    "CreatorFacets",
    "CreatorSponsor",
    "CreatorSummary",
    "Credits",
    "Error",
    "ErrorError",
    "ErrorErrorCode",
    "ExportCreatorsFormat",
    "ExportCreatorsNicheCategory",
    "ExportCreatorsSort",
    "ExportCreatorsVideoFormat",
    "FacetValue",
    "FindSimilarCreatorsNicheCategory",
    "FindSimilarCreatorsResponse200",
    "FindSimilarCreatorsResponse200Creator",
    "FindSimilarCreatorsResponse200CreatorsItem",
    "FindSimilarCreatorsResponse200CreatorsItemMatchedItem",
    "FindSimilarCreatorsVideoFormat",
    "GetCreatorAudienceResponse200",
    "GetCreatorHistoryResponse200",
    "GetCreatorHistoryResponse200Creator",
    "GetCreatorResponse200",
    "GetCreatorSponsorshipsResponse200",
    "GetCreatorSponsorshipsResponse200Creator",
    "GetSponsorResponse200",
    "Growth",
    "GrowthLast30DaysType0",
    "GrowthLast90DaysType0",
    "ListNichesResponse200",
    "Niche",
    "SearchCreatorsNicheCategory",
    "SearchCreatorsResponse200",
    "SearchCreatorsSort",
    "SearchCreatorsVideoFormat",
    "SearchSponsorsResponse200",
    "Snapshot",
    "SponsorDetail",
    "SponsorDetailSocialLinksType0",
    "SponsorDetailStats",
    "SponsorFacets",
    "SponsorSummary",
    "Sponsorship",
    "SponsorshipSponsor",
    "Usage",
    "UsageDaysItem",
    "UsageEndpointsItem",
    "UsageKeysItem",
)
