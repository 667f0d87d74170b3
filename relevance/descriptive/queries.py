"""The hand-written queries: (niche, topic terms (empty: the whole niche), query as a user would type it).

Topic terms are terms of the generator's vocabulary (indexer/generate/vocabulary.ts) that the query means; rules.py
grades from them. The query text itself shares no word with them (check.py).
"""
QUERIES = [
    # personal_finance
    ('personal_finance', (), 'how do i break the paycheck to paycheck cycle'),
    ('personal_finance', (), 'channels for getting my spending under control'),
    ('personal_finance', ('debt payoff', 'paying off student loans'), 'escaping what you owe the bank after graduating'),
    ('personal_finance', ('debt payoff', 'credit cards'), 'clearing what i owe on plastic'),
    ('personal_finance', (), 'how i stop to spend all my salary'),
    ('personal_finance', ('retirement planning',), 'putting aside cash so i can quit my job at 55'),
    # investing
    ('investing', (), 'owning a slice of big companies and holding for decades'),
    ('investing', ('dividend investing',), 'who posts about passive payouts from blue chip companies'),
    ('investing', ('options trading',), 'wheel strategy with puts for premium'),
    ('investing', ('earnings reports',), 'who does breakdowns of quarterly company results'),
    # crypto
    ('crypto', (), 'what is btc and should i hodl'),
    ('crypto', ('hardware wallet', 'crypto wallets'), 'keeping private keys offline so nobody steals your btc'),
    ('crypto', ('nft',), 'is anyone still posting about ape jpeg collectibles'),
    ('crypto', ('staking',), 'locking eth to receive passive rewards'),
    # real_estate
    ('real_estate', ('rental property', 'property investing', 'landlord tips'), 'i want someone who owns apartments for cash flow'),
    ('real_estate', ('first home', 'home buying', 'mortgages'), 'closing on a condo as a young couple'),
    ('real_estate', ('airbnb hosting',), 'tourists staying per night in your spare room'),
    ('real_estate', ('flipping houses',), 'purchasing dilapidated places, remodeling and reselling at profit'),
    # entrepreneurship
    ('entrepreneurship', (), 'how to quit your job and be your own boss'),
    ('entrepreneurship', ('dropshipping', 'ecommerce'), 'peddling goods on the internet without holding inventory'),
    ('entrepreneurship', ('freelancing',), 'how do i land clients as a solo contractor'),
    ('entrepreneurship', ('founder stories',), 'chats with those who launched companies from zero'),
    # productivity
    ('productivity', (), 'i need a push to quit procrastinating'),
    ('productivity', ('note taking', 'notion setup'), 'a second brain in obsidian'),
    ('productivity', ('morning routine',), 'what successful people do after waking at 5am'),
    ('productivity', ('digital minimalism',), 'spending fewer hours glued to my phone'),
    # tech_reviews
    ('tech_reviews', ('headphones',), 'which earbuds are worth the price'),
    ('tech_reviews', ('smartphones', 'android', 'iphone'), 'comparing the latest flagship handsets before i upgrade'),
    ('tech_reviews', ('smartwatches',), 'who compares wrist wearables'),
    ('tech_reviews', ('unboxing',), 'first impressions of fresh electronics out of the box'),
    # mechanical_keyboards
    ('mechanical_keyboards', (), 'that satisfying noise when you press the keys'),
    ('mechanical_keyboards', ('lubing switches',), 'greasing the bits under each key so it feels smoother'),
    ('mechanical_keyboards', ('keycaps',), 'artisan caps in pastel shades'),
    ('mechanical_keyboards', ('keyboard builds', 'custom keyboards'), 'soldering my own input device from a kit'),
    # pc_building
    ('pc_building', (), 'i want to put together my first computer from components'),
    ('pc_building', ('graphics cards',), 'nvidia vs amd for 1440p'),
    ('pc_building', ('water cooling',), 'liquid loops with radiators and reservoirs'),
    ('pc_building', ('cable management',), 'hiding the wires neatly inside my case'),
    # programming
    ('programming', (), 'functions, loops and variables for absolute newbies'),
    ('programming', (), 'somebody writing rust and golang from scratch'),
    ('programming', ('coding interviews',), 'getting ready for leetcode rounds at faang'),
    ('programming', ('javascript', 'react', 'web development'), 'frontend frameworks for websites'),
    ('programming', ('python',), 'automating boring stuff with pandas and numpy'),
    # gaming
    ('gaming', (), 'someone who records themselves completing console titles'),
    ('gaming', ('speedrun',), 'finishing a title as fast as possible with glitches'),
    ('gaming', ('minecraft',), 'sandbox with creepers and redstone'),
    ('gaming', ('retro games',), 'nostalgic 8-bit nintendo classics'),
    # science
    ('science', (), 'why does the universe function the way it does'),
    ('science', ('astronomy', 'space'), 'channels about black holes and galaxies'),
    ('science', ('quantum mechanics',), 'schrodinger and particle weirdness'),
    ('science', ('chemistry', 'experiments'), 'combining volatile elements in a beaker'),
    # education
    ('education', (), 'revision and courses you can follow from your couch'),
    ('education', ('exam prep',), 'cramming before finals'),
    ('education', ('learn english', 'language learning'), 'expand my vocabulary and grammar as non-native speaker'),
    ('education', ('homework help',), 'somebody to go over fractions and algebra with my son'),
    ('education', ('college advice',), 'picking a major and applying to universities'),
    # history
    ('history', (), 'who narrates what happened centuries ago'),
    ('history', ('ancient history', 'empires', 'civilizations'), 'rome, egypt and the pharaohs'),
    ('history', ('world war', 'military history'), 'channels on ww2 battles and generals'),
    ('history', ('archaeology',), 'digging up ruins and lost tombs'),
    ('history', ('medieval history',), 'knights, castles and the dark ages'),
    # fitness
    ('fitness', ('weight loss',), 'how to get toned and shed belly fat'),
    ('fitness', ('running',), 'getting ready for a marathon as a jogger'),
    ('fitness', ('calisthenics',), 'somebody who is doing the pull-up and push-up with no equipment'),
    ('fitness', ('home workouts',), 'sweat sessions in your lounge without machines'),
    # nutrition
    ('nutrition', (), 'what should i put on my plate to stay slim and energized'),
    ('nutrition', ('vegan recipes',), 'meatless dishes without dairy'),
    ('nutrition', ('intermittent fasting',), 'skipping breakfast, 16:8 window'),
    ('nutrition', ('supplements',), 'creatine and vitamins, which pills are legit'),
    ('nutrition', ('calorie counting',), 'logging each bite in a tracker to shed pounds'),
    # mental_health
    ('mental_health', (), 'coping when it all feels too much'),
    ('mental_health', ('anxiety',), 'panic attacks and nonstop worrying'),
    ('mental_health', ('meditation', 'mindfulness'), 'breathing techniques to slow racing thoughts'),
    ('mental_health', ('sleep',), 'insomnia, lying awake at night'),
    ('mental_health', ('burnout',), 'exhausted from my job and emotionally drained'),
    # cooking
    ('cooking', (), 'what should i whip up for supper tonight'),
    ('cooking', ('knife skills',), 'dicing onions properly the way restaurants do'),
    ('cooking', ('grilling',), 'barbecue and smoking brisket'),
    ('cooking', ('street food',), 'tasting bites from vendors at bangkok night bazaars'),
    ('cooking', ('pasta',), 'italian noodles from scratch, carbonara'),
    # baking
    ('baking', (), 'anyone doing sweet treats from scratch'),
    ('baking', ('sourdough', 'bread'), 'maintaining a yeast culture for tangy loaves'),
    ('baking', ('cake decorating',), 'piping buttercream flowers on birthday layers'),
    ('baking', ('croissants', 'pastry'), 'laminated flaky french viennoiserie'),
    ('baking', ('gluten free baking',), 'celiac friendly sweets'),
    # travel
    ('travel', (), 'exploring foreign countries on a shoestring'),
    ('travel', ('digital nomad',), 'remote jobs while hopping between countries'),
    ('travel', ('solo travel',), 'youtuber girl who go alone to other country'),
    ('travel', ('city guides', 'hidden gems'), 'what to see in lisbon that tourists miss'),
    ('travel', ('flights', 'hotels'), 'scoring cheap airfare and lodging'),
    # outdoors
    ('outdoors', (), 'people who stay many nights in nature with a tent'),
    ('outdoors', ('bushcraft', 'survival skills'), 'shelter and fire by friction deep in the woods'),
    ('outdoors', (), 'pitching a tent somewhere remote'),
    ('outdoors', ('fishing',), 'catching trout and bass at the lake'),
    ('outdoors', ('van life',), 'residing in a converted sprinter full time'),
    ('outdoors', ('climbing',), 'bouldering and rope ascents on cliffs'),
    # beauty
    ('beauty', (), 'applying concealer and contour for a night out'),
    ('beauty', ('nail art',), 'manicures with tiny patterns on fingernails'),
    ('beauty', ('eyeshadow',), 'how to do a smoky eye'),
    ('beauty', ('drugstore makeup',), 'cheap dupes you can grab at walmart or target'),
    ('beauty', ('hair styling',), 'curling and braiding locks'),
    # skincare
    ('skincare', (), 'facial regimen for a smooth complexion'),
    ('skincare', ('acne',), 'pimples and breakouts on my chin'),
    ('skincare', ('sunscreen',), 'spf that leaves no chalky cast'),
    ('skincare', ('anti-aging', 'retinol'), 'erasing wrinkles and fine lines'),
    ('skincare', ('korean skincare',), 'ten step regimen from seoul'),
    # fashion
    ('fashion', (), 'how to dress so you always appear put together'),
    ('fashion', ('thrift hauls',), 'secondhand finds from goodwill'),
    ('fashion', ('sneakers',), 'rare kicks and limited drops'),
    ('fashion', ('capsule wardrobe',), 'owning fewer garments that all go together'),
    ('fashion', ('menswear',), 'suits and tailoring for gentlemen'),
    # parenting
    ('parenting', (), 'bringing up youngsters without losing it'),
    ('parenting', ('sleep training',), "my infant won't snooze at night"),
    ('parenting', ('pregnancy',), 'what happens each trimester when you are expecting'),
    ('parenting', ('homeschooling',), 'doing the curriculum with my son in our dining room instead of a classroom'),
    ('parenting', ('newborn',), 'those first nights with an infant'),
    # pets
    ('pets', (), 'owning a four-legged companion'),
    ('pets', ('dog training',), 'getting a stubborn pooch to sit and heel'),
    ('pets', ('aquariums',), 'freshwater tank with guppies and tetras'),
    ('pets', ('reptiles',), 'keeping geckos, snakes and bearded dragons'),
    ('pets', ('cat behavior',), 'why my feline scratches the couch'),
    # diy
    ('diy', (), 'sprucing up your place yourself instead of hiring a contractor'),
    ('diy', ('woodworking',), 'joinery with chisels and a mallet'),
    ('diy', ('plumbing',), 'who can stop a leaky faucet or clogged drain'),
    ('diy', ('tiling',), 'laying ceramic squares in a bathroom'),
    ('diy', ('upcycling',), 'giving discarded junk a second purpose'),
    # gardening
    ('gardening', ('vegetable garden', 'backyard garden'), 'harvesting zucchini and peppers from my yard'),
    ('gardening', ('houseplants', 'plant care'), 'keeping a monstera alive indoors'),
    ('gardening', ('composting',), 'converting peels and scraps into rich soil'),
    ('gardening', ('succulents',), 'cacti and aloe on the windowsill'),
    ('gardening', ('pruning',), 'trimming roses and fruit trees'),
    # cars
    ('cars', ('project car', 'car maintenance', 'engine builds'), 'wrenching on an old clunker in the driveway'),
    ('cars', ('car buying',), 'what to inspect before purchasing a secondhand sedan'),
    ('cars', ('detailing',), 'ceramic coating and polishing till it gleams'),
    ('cars', ('electric vehicles',), 'tesla vs rivian range'),
    ('cars', ('supercars',), 'channels with lamborghinis and ferraris'),
    # music
    ('music', ('song covers',), 'strumming acoustic renditions of pop hits'),
    ('music', ('guitar lessons',), 'fingerpicking patterns on a six string'),
    ('music', ('piano',), 'chopin and debussy on an upright'),
    ('music', ('music theory',), 'scales, modes and intervals demystified'),
    ('music', ('drums',), 'kit grooves and fills for percussionists'),
    # music_production
    ('music_production', (), 'crafting hip hop instrumentals in my bedroom'),
    ('music_production', ('mixing', 'mastering'), 'getting my tracks loud and punchy before release'),
    ('music_production', ('ableton', 'fl studio'), 'daw workflow'),
    ('music_production', ('synths',), 'analog oscillators and patches'),
    ('music_production', ('vocal recording',), 'rap verses tracked in a closet booth'),
    # photography
    ('photography', (), 'how i get more nice picture with my dslr'),
    ('photography', ('portrait photography',), 'headshots and posing models'),
    ('photography', ('street photography',), 'candid shots of strangers downtown'),
    ('photography', ('lightroom', 'photo editing'), 'presets and retouching raw files'),
    ('photography', ('drones',), 'aerial shots with a dji quadcopter'),
    # filmmaking
    ('filmmaking', (), 'indie movies on a tiny crew'),
    ('filmmaking', ('color grading',), 'giving footage a teal and orange tone'),
    ('filmmaking', ('video editing', 'premiere pro', 'davinci resolve'), 'splicing clips together on a timeline'),
    ('filmmaking', ('gimbals',), 'smooth handheld shots on the move'),
    ('filmmaking', ('short films', 'storytelling'), 'writing scripts for a festival entry'),
    # art
    ('art', (), 'realistic pencil portraits'),
    ('art', ('watercolor',), 'loose florals with pigment washes'),
    ('art', ('procreate', 'digital art'), 'creating on an ipad with an apple pencil'),
    ('art', ('calligraphy',), 'hand lettering and fancy penmanship'),
    ('art', ('character design',), 'inventing original mascots and heroes for comics'),
    # comedy
    ('comedy', (), 'something to cheer me up after a rough shift'),
    ('comedy', ('pranks',), 'tricking friends and strangers'),
    ('comedy', ('stand up',), 'comics doing tight fives at a mic night'),
    ('comedy', ('parody',), 'mocking pop hits with rewritten lyrics'),
    ('comedy', ('roasts',), 'insulting celebrities to their faces'),
    # sports
    ('sports', (), 'teams, tournaments and postgame breakdowns'),
    ('sports', ('nba', 'basketball'), 'lakers and celtics recap from last night'),
    ('sports', ('soccer', 'premier league'), 'epl tactics and transfer rumours'),
    ('sports', ('tennis',), 'grand slam at wimbledon'),
    ('sports', ('fantasy football',), 'waiver wire pickups and who to put in my lineup'),
]
