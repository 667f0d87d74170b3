# -*- coding: utf-8 -*-
# One call per query: q(query, note)({channel name or shown id: grade}).  3 = clearly it, 2 = relevant, 1 = related.

q("entertainers hosting weeknight television programs with an opening monologue and A-list guests on the couch",
  "US/UK late-night talk shows (Fallon, Kimmel, Corden, Colbert, Meyers, Conan, Graham Norton)")({
    "The Tonight Show Starring Jimmy Fallon": 3, "fallontonight": 3, "The Late Late Show with James Corden": 3,
    "Jimmy Kimmel Live": 3, "The Late Show with Stephen Colbert": 3, "Late Night with Seth Meyers": 3,
    "Team Coco": 3, "The Graham Norton Show": 3, "Late Show with David Letterman": 2,
    "The Daily Show with Trevor Noah": 2, "TheEllenShow": 2, "Watch What Happens Live with Andy Cohen": 2,
    "LastWeekTonight": 1, "Full Frontal with Samantha Bee": 1})

q("satirical segments roasting Washington lawmakers and the administration",
  "US political satire: Daily Show, Last Week Tonight, Full Frontal, Meyers' A Closer Look, SNL")({
    "The Daily Show with Trevor Noah": 3, "LastWeekTonight": 3, "Full Frontal with Samantha Bee": 3,
    "Late Night with Seth Meyers": 3, "Saturday Night Live": 3, "The Late Show with Stephen Colbert": 2,
    "Jimmy Kimmel Live": 1, "Team Coco": 1})

q("imitateurs, chroniqueurs moqueurs raillant ministres, président",
  "French political satire / impressionists mocking the government (Canteloup, Guignols, France Inter chroniclers)")({
    "C'est Canteloup": 3, "Les Guignols": 3, "France Inter": 2, "J'suis pas content TV": 2,
    "Groland Le Zapoï": 2, "Verino": 1, "Kriss Papillon": 1, "Le Raptor Dissident": 1})

q("applying foundation, contour, eyeliner and lipstick step by step",
  "makeup tutorials by beauty gurus")({
    "James Charles": 3, "Christen Dominique": 3, "Nicole Guerriero": 3, "Jackie Aina": 3, "Kandee Johnson": 3,
    "Tati": 2, "mayratouchofglam": 2, "grav3yardgirl": 2, "Zoella": 2, "Estée Lalonde": 2, "EnjoyPhoenix": 2,
    "toofacedcosmetics": 2, "NikkieTutorials": 3, "jeffreestar": 2, "Vogue": 1})

q("playing through horror and adventure titles on a console with loud, goofy commentary",
  "let's play / gameplay commentary channels")({
    "PewDiePie": 3, "Markiplier": 3, "jacksepticeye": 3, "VanossGaming": 2, "SQUEEZIE": 2, "elrubiusOMG": 2,
    "Fernanfloo": 2, "JuegaGerman": 2, "VEGETTA777": 2, "SSSniperWolf": 2, "iHasCupquake": 2, "Bazar du Grenier": 2,
    "SEROTHS": 2, "theRadBrad": 3, "CoryxKenshin": 3})

q("block-building sandbox survival worlds with creepers and redstone",
  "Minecraft channels")({
    "DanTDM": 3, "creator-270001293890172": 3, "PrestonPlayz": 2, "SSundee": 2, "Jelly": 2, "Dream": 3,
    "Fivest": 3, "Mikecrack": 2, "VEGETTA777": 2, "PopularMMOs": 3, "TommyInnit": 3, "Technoblade": 3,
    "AuthenticGames": 3, "Aphmau": 2})

q("unwrapping virtual card bundles in the soccer simulator hoping for a rare superstar",
  "FIFA 18 Ultimate Team pack openings and squad building (French gaming channels)")({
    "Bennnzz": 3, "RAZAK": 3, "robert 87000": 3, "PUN": 3, "PsYkO17": 2, "AxoSkill": 2, "NCB": 2, "Mx18": 2,
    "VINSKY": 2, "Bruce & les Guez !": 1, "BIRDYY": 1, "ESWC": 1})

q("every score and key moment from European club fixtures, with the final tally",
  "football (soccer) match highlight channels")({
    "Goals & Highlights": 3, "FOOTBALL MINDS": 3, "Fazzer": 3, "GOLAZO TV": 3, "WePerfect Ed": 3,
    "Football Highlights & Goals": 3, "FootballEmpireTM": 3, "Iuonak": 3, "Sport7Video": 3, "DAKENZ": 3,
    "Mr-Asisst TV": 3, "Psgfoot": 2, "FOOTBALL HD": 2, "Ligue 1 Conforama": 2, "LaLiga Santander": 2})

q("pro hoops recaps: slams, buzzer beaters and on-court brawls",
  "NBA basketball highlights")({
    "NBA": 3, "NBA Highlights · YouTube": 3, "FreeDawkins": 3, "MLG Highlights": 3, "NBA Kit": 3, "Ximo Pierto": 3,
    "Zarychta Highlights": 2, "Atlanta Hawks": 2, "Philadelphia 76ers": 2, "DunkFest": 2, "LetsGoWarriors": 2,
    "NBA on ESPN": 2, "Blhite": 2, "Rob Andretti": 2, "Ben Rohrbach": 2})

q("gridiron touchdowns, interceptions and quarterback drama",
  "American (and Canadian) football: NFL, college football")({
    "NFL": 3, "FOX Sports": 2, "CFL Insider": 2, "SHOWTIME Sports": 2, "D3sports.com": 2, "ESPN": 1,
    "Bob Przybylo": 1, "GoDucksdotcom": 1, "Single Shot": 1, "Gregg Peterson": 1})

q("muscle-bound performers in scripted ring feuds, body slams and title belts",
  "pro wrestling (WWE)")({
    "WWE": 3, "Wrestling Reality II": 3, "Classy Wrestling": 3, "BellatorMMA": 1})

q("impossible long-distance trick shots and stunts by a group of buddies",
  "trick-shot crews (Dude Perfect, How Ridiculous)")({"Dude Perfect": 3, "How Ridiculous": 3, "Wass Freestyle": 1})

q("ball juggling and keepy-uppy street tricks",
  "football freestyle")({
    "Séan Garnier": 3, "Wass Freestyle": 3, "S3 Freestyle": 3, "Footstyle TV": 3, "Coach Séan Garnier": 2,
    "LEVY": 2, "VAHEM": 2, "F2Freestylers - Ultimate Soccer Skills Channel": 3})

q("sneak peeks of upcoming Hollywood releases before they reach theaters",
  "movie trailers from the studios")({
    "Warner Bros. Pictures": 3, "20th Century Fox": 3, "Paramount Pictures": 3, "FoxSearchlight": 3,
    "Disney Movie Trailers": 3, "Disney•Pixar": 2, "Netflix": 2, "The Orchard Movies": 2, "Zero Media": 2,
    "Blockbuster": 2, "Movieclips": 2, "Marvel Entertainment": 2, "Rotten Tomatoes Trailers": 3, "TV Promos": 1, "IGN": 1})

q("aperçus des prochains longs métrages avant leur sortie en salles",
  "French-language movie trailer channels")({
    "AuCiné": 3, "FilmsActu": 3, "Cinéma Bande Annonce VF": 3, "Gaumont": 3, "Disney FR": 2,
    "UGC Distribution": 2, "AlloCiné - la chaîne officielle": 2})

q("pundits weighing in on whether the latest blockbusters deserve the price of a ticket",
  "English movie review channels")({
    "Jeremy Jahns": 3, "Chris Stuckmann": 3, "ColliderVideos": 3, "John Campea": 2, "CinemaSins": 2,
    "Screen Junkies": 2, "Jenny Nicholson": 2, "ScreenJunkies News": 1, "Looper": 1})

q("chroniqueurs passionnés jugeant blockbusters récents, avis tranchés",
  "French film critics")({
    "INTHEPANDA": 3, "benzaieTV": 3, "Le Fossoyeur de Films": 2, "MJ - FERMEZ LA": 2, "Ico": 2,
    "Bazar du Grenier": 2, "NEXUS VI": 2, "Durendal1": 2})

q("hands-on verdicts on the newest handsets, laptops and earbuds",
  "consumer tech reviews (phones, laptops)")({
    "Marques Brownlee": 3, "Unbox Therapy": 3, "Jonathan Morrison": 3, "Austin Evans": 3, "The Verge": 3,
    "iJustine": 2, "TechSmartt": 2, "Mark Linsangan": 2, "EverythingApplePro": 2, "UrAvgConsumer": 2,
    "STEVEN": 2, "Nowtech": 2, "Linus Tech Tips": 3, "Mrwhosetheboss": 3, "mkbhd": 3})

q("torturing handsets to see whether the screen cracks or the frame snaps",
  "smartphone durability tests (JerryRigEverything)")({"JerryRigEverything": 3, "Alexandre Calvez": 1})

q("illustrated lessons answering curious questions about nature, the cosmos and medicine",
  "science explainer channels")({
    "Kurzgesagt – In a Nutshell": 3, "TED-Ed": 3, "SciShow": 3, "AsapSCIENCE": 3, "Life Noggin": 3,
    "It's Okay To Be Smart": 3, "Veritasium": 3, "RealLifeLore": 2, "The Infographics Show": 2,
    "Wendover Productions": 2, "Tom Scott": 2, "Mental Floss": 1, "Half as Interesting": 1, "Vsauce": 3,
    "creator-45512236979400": 3})

q("vulgarisateurs rendant biologie, physique, psychologie accessibles",
  "French science popularisers")({
    "ScienceEtonnante": 3, "DirtyBiology": 3, "Dr Nozman": 2, "Balade Mentale": 2, "Zeste de Science": 2,
    "AstronoGeek": 2, "Poisson Fécond": 2, "La Tronche en Biais": 2, "Hygiène Mentale": 2, "Défis Cobayes": 2})

q("mathematicians explaining integers, puzzles and curious sequences",
  "maths channels")({"Numberphile": 3, "standupmaths": 3, "Mickaël Launay": 2})

q("tunes for toddlers and preschoolers to clap along to",
  "nursery rhymes / kids' songs")({
    "CoComelon": 3, "Cocomelon - Nursery Rhymes": 3, "Pinkfong": 3, "Pinkfong Baby Shark - Kids' Songs & Stories": 3,
    "LooLooKids": 3, "LooLoo Kids - Nursery Rhymes and Children's Songs": 3, "LittleBabyBum": 3,
    "Little Baby Bum - Nursery Rhymes & Kids Songs": 3, "SuperSimpleSongs": 3, "Super Simple Songs - Kids Songs": 3,
    "ChuChu TV Nursery Rhymes & Kids Songs": 3, "BabyBus - Kids Songs and Cartoons": 3,
    "Little Angel: Nursery Rhymes & Kids Songs": 3, "Bounce Patrol - Kids Songs": 3,
    "Super JoJo - Nursery Rhymes & Kids Songs": 3})

q("Spanish and Portuguese cartoon tunes about farm critters for wee ones",
  "Latin American / Brazilian kids' music channels")({
    "El Reino Infantil": 3, "La Granja de Zenón": 3, "Galinha Pintadinha": 3, "toycantando": 2,
    "creator-134290914548692": 2, "Little Angel Español - Canciones Infantiles": 2, "Little Baby Bum en Español": 2})

q("young siblings playing pretend, dressing up in costumes and unwrapping playthings",
  "kids' family toy-play vlogs")({
    "KidsDianaShow": 3, "creator-188304370137810": 3, "LikeNastyaofficial": 3, "creator-262653338940920": 3,
    "VladandNiki": 3, "Ryan's World": 3, "Toys and Colors": 3, "Diana and Roma EN": 3, "KidsRomaShow": 2,
    "toypudding": 2, "Mister Max": 2, "Miss Katy": 2, "creator-184445304929636": 2})

q("cartoon series for preschoolers starring a piglet, a mischievous girl and her grizzly friend, or a chatty cat",
  "preschool cartoons: Peppa Pig, Masha and the Bear, Talking Tom")({
    "PeppaPigOfficial": 3, "Peppa Pig - Official Channel": 3, "Masha and The Bear": 3, "MashaBearEN": 3,
    "Talking Tom": 3, "Nick Jr.": 2, "Thomas Et Ses Amis": 2, "Les As de la Jungle": 2, "pocoyo": 2, "Disney Junior": 2})

q("preparing comforting dinners with each step explained",
  "English cooking / recipe channels")({
    "creator-105362853530698": 3, "buzzfeedtasty": 3, "Bon Appétit": 3, "Binging with Babish": 3,
    "Laura in the Kitchen": 3, "You Suck At Cooking": 2, "Brothers Green Eats": 2, "Epicurious": 2,
    "JunsKitchen": 1, "Kitchen Nightmares": 1, "NickDiGiovanni": 2, "NishaMadhulika": 2, "Kabita's Kitchen": 2,
    "Gordon Ramsay": 3})

q("frosted sponge desserts piped with buttercream and decorated for parties",
  "cake decorating / baking")({
    "CupcakeJemma": 3, "The Scran Line": 3, "How To Cake It": 3, "Rosanna Pansino": 2,
    "Il était une fois la pâtisserie": 2, "L'atelier de Roxane": 2, "JustInCooking": 2, "Hervé Cuisine": 1})

q("petits plats mijotés, idées repas gourmandes",
  "French home cooking channels")({
    "YouCook Cuisine": 3, "Hervé Cuisine": 3, "cuisinerapide": 3, "FastGoodCuisine": 3, "Carl is cooking": 2,
    "La Cuisine de Lynoucha": 3, "Nicook": 2, "VIRGINIE FAIT SA CUISINE": 2, "L'atelier de Roxane": 1,
    "Il était une fois la pâtisserie": 1})

q("hosts sampling odd snacks and rating their flavors",
  "food taste tests")({
    "Good Mythical Morning": 3, "emmymadeinjapan": 3, "Epicurious": 2, "Morgan VS": 2, "HellthyJunkFood": 2,
    "LeCritiqueur TV": 2, "aLaN92 FoodChallenge": 2, "First We Feast": 2, "Mashed": 1})

q("practical japes and hidden-camera tricks on unsuspecting passers-by",
  "prank channels")({
    "Greg Guillotin - Nou": 3, "Les Inachevés": 3, "MoKeY": 2, "Reinho": 2, "Taras Malyar": 2, "Richard Sabak": 2,
    "RAZMO": 1, "Yes Theory": 1, "The Office US": 1, "Just For Laughs Gags": 3, "creator-99578388781628": 2})

q("clumsy accidents and wipeouts caught on tape to laugh at",
  "fail compilations")({
    "FailArmy": 3, "Just Wow me": 2, "viralhog": 2, "RM Videos": 2, "Lane Anderson": 2, "BEST OF CULTES": 2,
    "Mr.Olivier": 2, "MDR": 2, "Jukin Media": 1, "Hevesh5": 1, "Daily Dose Of Internet": 2})

q("volunteers nursing abandoned strays back to health",
  "animal rescue")({
    "Hope For Paws - Official Rescue Channel": 3, "Kitten Lady": 3, "Big Cat Rescue": 2, "Jukin Media": 1, "The Dodo": 3})

q("documentaries about creatures of the oceans, jungles and savannas",
  "wildlife documentaries")({
    "BBC Earth": 3, "NatGeo": 3, "National Geographic": 3, "Zapping Sauvage": 3, "Brave Wilderness": 2,
    "New Scientist": 1, "Animal Adventure Park": 1, "Dr Bot": 1})

q("adorable furry companions getting into mischief",
  "funny / cute pets")({
    "Topi The Corgi": 3, "Anew Start": 3, "Cristobal1624": 3, "CuteAnimalsTV.": 3, "Simon's Cat": 2,
    "Marie McGann": 2, "Pastel": 2, "MrRatSuper Life": 2, "Kitten Lady": 1, "ROMY": 1, "That Little Puff": 3, "Maymo": 3, "The Dodo": 2})

q("major broadcasters covering world headlines, disasters and elections",
  "English-language news networks")({
    "CNN": 3, "ABC News": 3, "BBC News": 3, "NBC News": 3, "CBC News": 3, "Guardian News": 2,
    "AFP news agency": 2, "Washington Post": 2, "USA TODAY": 2, "TIME": 2, "CBS This Morning": 2,
    "Storyful News": 1, "aljazeera": 3})

q("chaînes info continue: actualité nationale, internationale",
  "French rolling news channels")({
    "BFMTV": 3, "franceinfo": 3, "FRANCE 24": 3, "LCI": 3, "euronews (en français)": 3, "AFP": 2, "RT France": 2,
    "Europe 1": 2, "L'Express": 2, "HugoDécrypte": 2})

q("early-day network programs with anchors and chatty panels",
  "US/UK breakfast and daytime TV shows")({
    "TODAY": 3, "CBS This Morning": 3, "Good Morning Britain": 3, "The View": 3, "CBS Sunday Morning": 2,
    "The Talk": 2, "The Real Daytime": 2})

q("gossip about famous couples, breakups and feuds",
  "celebrity gossip")({
    "E! Entertainment": 3, "TMZ": 3, "Wendy Williams": 3, "Entertainment Tonight": 2, "Access Hollywood": 2,
    "The Real Daytime": 2, "Movie Munchies": 2, "The Talk": 2, "YBF Chic": 2, "Bravo": 2,
    "The Hollywood Reporter": 1})

q("ragots, rumeurs, vedettes show-business",
  "French celebrity gossip")({
    "People News": 3, "koi de neuf?": 3, "koi de neuf? Buzz": 3, "Promi 24h": 3, "Nouvelles 24": 2,
    "Nouvelles 24h": 2, "6Medias": 2, "Potins.net": 2, "Paris Match": 2, "Dernières Vouvelles": 2,
    "News France": 2, "Actu Star": 2})

q("chart-topping vocalists premiering their latest releases",
  "pop stars' official music channels")({
    "Ed Sheeran": 3, "Taylor Swift": 3, "Katy Perry": 3, "SelenaGomezVEVO": 3, "CamilaCabelloVEVO": 3,
    "Dua Lipa": 3, "PinkVEVO": 3, "Jason Derulo": 3, "NiallHoranVEVO": 2, "HarryStylesVEVO": 2,
    "Maroon5VEVO": 2, "SiaVEVO": 2, "JessieJVEVO": 2, "Ariana Grande": 3, "Justin Bieber": 3})

q("idol groups from Seoul with synchronized choreography and fan chants",
  "K-pop")({
    "BANGTANTV": 3, "BTS": 3, "BLACKPINK": 3, "SMTOWN": 3, "ibighit": 3, "HYBE LABELS": 3, "JYP Entertainment": 3,
    "Stray Kids": 3, "1theK (원더케이)": 2, "1theK": 2, "ALL THE K-POP": 2, "Planet Peach": 2, "1MILLION_Dance": 1, "Mnet K-POP": 2})

q("reggaeton and Latin urban hits from Puerto Rico and Colombia",
  "reggaeton / Latin urban music")({
    "BadBunnyPR": 3, "creator-88956249022903": 3, "Daddy Yankee": 3, "J Balvin": 3, "Maluma_Official": 3,
    "Ozuna": 3, "NickyJamTV": 3, "KAROL G": 3, "Anuel AA": 3, "RomeoSantosVEVO": 2, "LuisFonsiVEVO": 2,
    "Luis Fonsi": 2, "PitbullVEVO": 1})

q("Hindi cinema soundtracks from Mumbai's biggest labels",
  "Bollywood music labels")({
    "T-Series": 3, "Zee Music Company": 3, "Tips Official": 3, "Saregama Music": 3, "Shemaroo Filmi Gaane": 3,
    "Goldmines Gaane Sune Ansune": 2, "GaaneSuneAnsune": 2, "Eros Now Music": 2, "Sony Music India": 1})

q("electronic festival anthems with heavy bass drops",
  "EDM artists and labels")({
    "Marshmello": 3, "creator-247534448666063": 3, "Alanwalkermusic": 3, "DJSnakeVEVO": 3, "DJ Snake": 3,
    "Trap Nation": 3, "NoCopyrightSounds": 3, "Spinnin' Records": 3, "David Guetta": 3, "Matoma": 2,
    "The Vibe Guide": 2, "MrRevillz": 2, "Ultra Music": 2, "SIRAH": 1})

q("mellow beats to study and unwind to",
  "lo-fi hip hop mixes")({"Monsters Music": 3, "VIVRE SANS STRESS - Cédric Michel": 1})

q("Nashville twang, pickup trucks and southern storytelling",
  "country music")({
    "CMAVEVO": 3, "LukeBryanVEVO": 3, "ChrisStapletonVEVO": 3, "TimandFaithVEVO": 3, "Keith Urban": 3,
    "Hunter Hayes": 2})

q("vocal harmony groups performing with no instruments at all",
  "a cappella (Pentatonix, Pitch Perfect)")({"PTXofficial": 3, "Pitch Perfect": 2})

q("violinists and cellists reinterpreting famous themes",
  "classical-crossover string players")({
    "Lindsey Stirling": 3, "2CELLOS": 3, "Nahre Sol": 1, "PostmodernJukebox": 1})

q("televised vocal competitions with judges, knockout rounds and eliminations",
  "TV singing contests (X Factor, The Voice, Nouvelle Star)")({
    "The X Factor UK": 3, "X Factor Italia": 3, "The Voice": 3, "The Voice Afrique": 3, "M6 Buzz": 3,
    "AGT": 2, "America's Got Talent": 2, "L'Afrique a un incroyable talent": 2, "Zvezde Granda": 2, "M6": 2, "Britain's Got Talent": 2})

q("contestants from every country parading in evening gowns for the sash",
  "beauty pageants (Miss Universe, Miss World)")({
    "Miss Universe": 3, "Hoa Hậu Thế Giới": 3, "Awards Watch 2017": 3, "Latino Vicente": 3, "Technomanila": 2,
    "Potins.net": 1, "Les Perles de la Toile": 1})

q("young singles partying in villas and scheming on a French unscripted show",
  "French reality TV: Les Marseillais, Les Anges (official and re-upload channels)")({
    "Les Marseillais Vs Le Reste du Monde 2": 3, "Les Anges - La chaîne officielle": 3, "CLM 004": 3,
    "Mary Zhang": 3, "Nicholas Hardin": 3, "LESde Anges": 3, "Anons73": 3, "Rina Kot": 3, "McKrafic": 3,
    "Daily Snap": 2, "Jinkz1996": 2, "Dr Replay": 2, "Cofhh Orf": 2, "General Hospital 2017": 2,
    "Wendy Gaming": 2})

q("Turkish television soap operas and their weekly teasers",
  "Turkish TV series")({
    "Beni Affet": 3, "Söz Dizi": 3, "Bizim Hikaye": 3, "Diriliş Televizyon": 3, "TRT 1": 3, "atv": 3,
    "Çukur": 3, "Adını Sen Koy": 3, "Hayat Sırları": 3, "Siyah İnci": 3, "Fazilet Hanım ve Kızları": 3,
    "İstanbullu Gelin": 3, "تركييتنا - bizim Türkiye": 2, "مسلسلات قصة عشق": 2})

q("weekly card readings and zodiac forecasts for your love life",
  "tarot / astrology (French channels)")({
    "Mich ' Aile Ange Tarot": 3, "Eve Ange Lumière": 3, "Au pays de Candice": 3,
    "maria anges et archanges d amours": 3, "Claire De La Lune": 3, "Emilie Morel": 3, "Eric Kotsiras": 2,
    "TAPPSYKARMA": 2, "ASTRO ETIK": 2, "Vaia Vanessa": 1})

q("investigators spending the night in haunted castles hunting for spirits",
  "paranormal investigation (French)")({
    "silent jill": 3, "LE GRAND JD": 3, "Ghost'N'us Paranormal": 3, "JRM Paranormal - Chasseurs de Fantômes": 3,
    "Le paranormal du 24": 3, "PARANORMAL TRAVEL": 3, "RIP Chasseurs de fantomes": 3, "GussDx Video": 3,
    "Sylartichot": 2, "Mohamed Le Vagabond": 2, "Jean-Noël Bière": 2})

q("unexplained enigmas, lost civilizations and hidden brotherhoods",
  "mysteries / conspiracy theories")({
    "NURÉA TV - Le média qui met les Mystères en Lumière": 3, "Révélations & Aventures Web": 3, "Taupe10": 2,
    "La Chaine Qui Dérange": 2, "Top Secret magazine Eden Edition": 1, "JC2R Officiel": 2, "Occulture": 1})

q("beaters and marksmen flushing swine out of thickets with hounds",
  "hunting")({
    "Chasse88": 3, "Chasse Mania": 3, "Cs Sfaxien": 3, "Roussillon chasse": 3, "val'chasse85": 3,
    "Le Jo Chasse": 3, "clandestinu chasse": 3})

q("anglers casting lures for pike and trout from the bank",
  "fishing")({
    "MultaKwa Fishing": 3, "Teamfishing92TV": 3, "Les Poissons et Le Pêcheur": 3, "Julo": 3})

q("bodybuilders pumping iron for bigger arms and chest",
  "bodybuilding (French)")({
    "Tibo InShape": 3, "Nassim Sahili": 3, "Bodytime": 3, "FromHumanToGod": 3, "Fitness Attitude": 2,
    "Hugo Tronche": 2, "Tristan Defeuillet-Vang": 2, "Karoline.Ro": 1, "athleanx": 3, "ATHLEAN-X™": 3})

q("critics taking pricey high-performance automobiles for a spin and pointing out odd details",
  "car reviews: supercars and exotics")({
    "Doug DeMuro": 3, "Shmee150": 3, "The Grand Tour": 2, "Donut Media": 2, "hp_overload": 2, "GMK": 2,
    "AKRAMJUNIOR DAILY": 2, "Tanner Braungardt": 1, "Tesla": 1, "SupercarBlondie": 3})

q("spectators filming competition motorists sliding off twisty mountain roads",
  "rally crashes (Rallye du Var)")({
    "Rallye Luminy13": 3, "Rallye Chrono": 3, "RivieraRallynet": 3, "RallyeHorsLimites": 3, "Rigostyle": 3,
    "HD rally crash": 3, "ToutAuCable": 3, "ARrally Production": 3, "Ride Rallye": 3, "Passats de Canto": 3,
    "ScarKev34 Rallye": 3, "Rallye Plein Fer": 3, "titi205rallye": 2, "FOUS DE VOLANT": 2, "Video2rallye83": 2})

q("riders on big bikes filmed from a helmet, wheelies and road rage",
  "motorcycle vlogs (French)")({
    "BIBIX": 3, "Sushi": 3, "Hiko Karuga": 3, "100% MOTOS": 3, "Fulliste": 3, "Lord Puma": 2, "llebof": 2,
    "KIKANINAC": 2, "MOTOR LIVE": 1, "Moto Journal": 1})

q("workshop projects with saws, planes and lumber",
  "woodworking")({
    "I Like To Make Stuff": 3, "Matthias Wandel": 3, "L'instant des copeaux": 3, "Atelier amateur bois & métal": 3,
    "Alain Vaillancourt": 2, "Eric Strebel": 1})

q("tinkerers soldering circuits and building contraptions in the garage, sometimes getting zapped",
  "maker / electronics channels")({
    "ElectroBOOM": 3, "bigclivedotcom": 3, "Marco Reps": 3, "Plasma Channel": 3, "The Current Source": 2,
    "HACKADAY": 2, "Tom Stanton": 2, "William Osman": 2, "TheBackyardScientist": 2, "Taylor Alexander": 2,
    "PeterSripol": 2, "Simone Giertz": 2, "colinfurze": 3, "creator-113650739016348": 3})

q("clever shortcuts and ingenious tricks for household chores",
  "life hacks / crafts")({
    "5-Minute Crafts": 3, "5MinuteCraftsYouTube": 3, "Le Saviez-Vous ?": 3, "Troom Troom": 2, "Troom Troom FR": 2,
    "BuzzFeed Nifty": 2, "By Isnata": 2, "L'astucerie": 2, "Mr.Tom": 2, "Séverine Jenny": 1, "5-Minute Crafts DIY": 3, "TheKingofRandom": 2})

q("stretchy goo made with glue and glitter",
  "slime")({
    "ÉlodieCréa": 3, "JustJonathan": 3, "Reva Ytb": 2, "String Theory FR": 2, "Alexandre Calvez": 1})

q("soft murmuring and tapping to help you fall asleep",
  "ASMR")({"Rikita Asmr Français": 3, "VIVRE SANS STRESS - Cédric Michel": 1, "Jane_asmr": 2})

q("conseils confiance soi, réussite personnelle, motivation",
  "French self-help / personal development coaches")({
    "David Laroche France": 3, "Alexandre CORMONT (officiel)": 2, "Franck Nicolas": 2, "Georgia Horackova": 2,
    "David Lefrançois": 2})

q("sermons, prayers and scripture lessons from clergy of different faiths",
  "religious channels (Catholic, evangelical, Muslim, Jewish)")({
    "KTOTV": 3, "La Porte Ouverte": 3, "Pr. Rachid Eljay chaine officielle 1": 3, "Abdelmonaim BOUSSENNA": 3,
    "Rav Ron Chaya - Leava.fr": 2, "Baolmedias fm02 Radio l'islam international": 1})

q("storytelling about monarchs, crusades and medieval battles",
  "history storytelling (French)")({
    "Nota Bene": 3, "Secrets d'Histoire Officiel": 3, "Confessions d'Histoire": 3, "AlterHis": 2,
    "L'ombre d'un doute": 2, "Kontre Kulture": 1, "HISTORY": 2})

q("illusionists performing mind-reading and sleight of hand",
  "magicians and mentalists")({
    "Cyril Ayrau": 3, "ליאור סושרד": 3, "HEROZ": 2, "FabienOlicard": 2, "Mickaël Launay": 1, "Zach King": 2})

q("luxury seats on long-haul jets and spotting takeoffs at the airport",
  "aviation")({"Emirates": 3, "Sam Chui": 3, "Valk Aviation": 3, "FlyFastandLow": 1})

q("Westerners living in the Land of the Rising Sun",
  "foreigners in Japan")({
    "Abroad in Japan": 3, "Rachel and Jun": 3, "Ici Japon": 3, "Simon and Martina": 2})

q("backpacking adventures and holiday getaways abroad",
  "travel vlogs")({
    "Alex Vizeo": 3, "Anil B": 3, "Ash wayoflife": 3, "Luisito Comunica": 3, "Sokass": 2,
    "Guillaume Ruchon": 2, "Elles en Parlent": 2, "Maile Akln": 1, "NOHOLITA -": 1, "NasDaily": 2})

q("trotting races, show jumping and life with horses",
  "equestrian / horse racing")({
    "Equidia": 3, "Paris-Turf TV": 3, "Granger Mélodie": 2, "Les aventures équestres de Southpaw": 2,
    "M&M's schleich": 1})

q("oval-ball scrums, tackles and tries in the French championship",
  "rugby")({
    "rugbyA1": 3, "Stade Toulousain Rugby": 3, "TOP 14 - Officiel": 3, "nyfan226": 2, "David Demri": 2,
    "Rugby Paradise": 2, "Hyacinthe 123": 2, "David Reboursiere": 2})

q("daredevil downhill riders on two wheels in the mountains",
  "mountain-bike / extreme two-wheel sports")({
    "Riding Zone": 3, "Aurelien Fontenoy": 2, "Moto Verte": 1, "redbull": 2})

q("grandmasters battling over the board in rapid events",
  "chess")({"Saint Louis Chess Club": 3, "Echecs - Blitzstream": 3})

q("digital coins, blockchain mining and trading price swings",
  "cryptocurrency news")({
    "Cédric Froment": 3, "cryptobref": 3, "Journalducoin": 3, "La Ferme du Mineur": 3, "Publications Agora": 1})

q("computer science career advice for students aiming at big Silicon Valley firms",
  "CS Dojo")({"CS Dojo": 3})

q("camera gear tips, color grading presets and moody b-roll",
  "photography / videography")({
    "Peter McKinnon": 3, "Apprendre la Photo": 3, "Sara Dietschy": 2, "PetaPixel": 1})

q("installing hairpieces and weaves, and styling textured tresses",
  "wig installs and natural hair")({
    "MsAaliyahJay": 3, "Kadiya Dsb": 3, "YanissaXoxo": 3, "Zendaya": 2, "CUT BY FRED": 1})

q("manicures, lacquer swatches and fingertip designs",
  "nail art")({"Simply Nailogical": 3, "Tartofraises nail art": 3})

q("spending sprees at the mall, modeling every purchase",
  "fashion hauls and try-ons")({
    "Amber Scholl": 3, "clothesencounters": 3, "Bethany Mota": 3, "Mark Ferris": 2, "THE WORLD OF SISTERS": 2,
    "You Make Fashion": 2, "Safiya Nygaard": 1, "Laurette": 1, "NOHOLITA -": 1})

q("limited-edition trainers and streetwear collaborations",
  "sneakers")({"TONTON GIBS SNEAKERS": 3, "PTIT DELIRE": 1, "CaminoTV": 1})

q("choreography routines set to hip-hop hits, learned step by step",
  "dance choreography channels")({
    "Matt Steffanina": 3, "1MILLION_Dance": 3, "1MILLION Dance Studio": 3, "Disney Channel FR": 1})

q("famous contestants paired with pro partners in a televised ballroom contest",
  "Dancing with the Stars / Danse avec les stars")({
    "Dancing With The Stars": 3, "Danse avec les stars": 3, "Dals Replay": 2})

q("troupes parodying awkward social situations in short scenes",
  "English sketch comedy")({
    "Smosh": 3, "CollegeHumor": 3, "Funny Or Die": 2, "Lele Pons": 2, "Rudy Mancuso": 2, "Anwar Jibawi": 2,
    "Hannah Stocking": 2, "Inanna Sarkis": 2, "IISuperwomanII": 2, "Jessii Vee": 2, "nigahiga": 2,
    "Gus Johnson": 2, "Cracked": 1})

q("courtes scènes drôles jouées entre copains",
  "French sketch comedy")({
    "Palmashow": 3, "Golden Moustache": 3, "Lolywood": 3, "Studio 4": 2, "Le Rire Jaune": 2, "Natoo": 2,
    "Les Parodie Bros": 2, "Yes vous aime": 2, "Superconeri": 2, "Camera Café": 2, "Cocovoit": 2,
    "Le Monde à L'Envers": 2})

q("comiques seuls au micro devant salle comble",
  "French stand-up")({
    "Montreux Comedy": 3, "Jamel Debbouze": 3, "Gilles Bellatre": 2, "Patrick Sébastien": 1})

q("cartoons for grown-ups with crude, dark gags",
  "adult animation (Rick and Morty, Cyanide & Happiness)")({
    "Adult Swim": 3, "ExplosmEntertainment": 3, "Dorkly": 2, "Simon's Cat": 1})

q("Japanese cartoons: Saiyan fights, pirate crews and next season's lineup",
  "anime (French fan channels)")({
    "KawZzeN": 3, "Cardian": 3, "Saikyo Devin": 3, "WarkxSenpai-One piece VF et VOSTFR h": 3, "DBTimes": 2,
    "TheGoku": 2, "RobotUnderdog2": 2})

q("narrated essays dissecting storytelling, craft and symbolism",
  "video essays on film and music")({
    "Nerdwriter1": 3, "Now You See It": 3, "ScreenPrism": 3, "Polyphonic": 3, "Wendover Productions": 1, "The Film Theorists": 2})

q("tribuns gauche radicale, interventions parlementaires, revues hebdomadaires",
  "French radical-left politicians (Mélenchon, Ruffin)")({
    "JEAN-LUC MÉLENCHON": 3, "La France insoumise": 3, "François Ruffin": 3, "La Luciole Mélenchantée": 2,
    "Regards": 2, "Le Média": 1})

q("ultra high frame rate footage of things exploding, splashing and shattering",
  "The Slow Mo Guys")({"The Slow Mo Guys": 3})

q("stargazing, comets and missions to other worlds",
  "astronomy / space")({
    "NASA Jet Propulsion Laboratory": 3, "AstronoGeek": 3, "ERZ": 2, "Lili Bibi": 1})

q("countdowns ranking the ten most shocking moments",
  "top-10 list channels")({
    "WatchMojo": 3, "WatchMojo Français": 3, "Taupe10": 2, "Topito": 2, "Lama Faché": 2, "Jericho®": 2,
    "Aliotop": 2, "Trash": 2})

q("debates and transfer rumors about French first-division clubs",
  "French football talk shows and transfer news")({
    "AFTER FOOT": 3, "Top Mercato": 3, "Foot Mercato": 3, "BIZBIZ": 3, "SFR Sport": 2, "Volmog 16": 2,
    "Docs, Actus & Sport": 2, "Zapping Foot": 2, "lephoceen": 2, "SNAKILL": 2, "Mohamed Henni": 2})

q("rappers from the Paris suburbs spitting verses in French",
  "French rap")({
    "Moha La Squale": 3, "Hornet La Frappe": 3, "PLK TV": 3, "juste Lomepal": 3, "orelsan": 3, "Guizmo": 3,
    "RemyOfficielVEVO": 3, "Smala Kainf": 2, "Brulux Officiel": 2, "MilliNine Officiel": 2, "KC 34500": 2,
    "Booska-p.com": 2, "SkyrockFM": 2, "DAYMOLITION": 2, "Mouv' - Ta radio hip-hop": 2})

q("cartoon storytimes about awkward childhood memories",
  "animated storytime channels")({
    "Jaiden Animations": 3, "TheOdd1sOut": 3, "Jeel": 2, "Anatea Manga": 2})

q("follow-along routines at home to tone abs and stretch, no equipment needed",
  "home workouts and yoga")({
    "Chloe Ting": 3, "gymvirtual": 3, "Yoga With Adriene": 3, "FamilyFitnessChannel": 2, "Family Fitness": 2,
    "Karoline.Ro": 1})
