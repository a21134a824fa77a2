/**
 * Held-out search queries, written by a helper session that had not seen the search engine, its
 * code or its tuning queries, from the transcripts alone (2026-11-25). Never tune on these.
 */
export interface HeldOutQuery {
  q: string;
  relevant: string[];
  paraphrase: boolean;
}
export const HELD_OUT: Record<string, HeldOutQuery[]> = {
  'gp-patients': [
    // literal
    {
      q: 'ringing at eight every morning',
      relevant: [
        "It's the ringing at eight, isn't it.",
        "at eight I'm elbow deep in porridge for the breakfast club",
        'I rang at eight on the dot on two handsets',
        'The lines open at eight, and I finish at six',
        "Pat's on at eight every morning when I'm bad",
        "so I can't sit on hold at eight",
      ],
      paraphrase: false,
    },
    {
      q: 'online form shut by half eight',
      relevant: [
        'by half eight it had already closed for the day',
        'Honestly, just not having the form shut by half eight.',
        'I tried the website on my break and it said',
      ],
      paraphrase: false,
    },
    {
      q: 'tablets went missing chemist',
      relevant: [
        'my water tablets went missing for nearly a fortnight in the summer',
        "twice this year the purple one's been left out of the bag",
        'in April the request just vanished, no message, nothing',
      ],
      paraphrase: false,
    },
    {
      q: 'say it privately at the hatch',
      relevant: ['I had a lump under my arm last year', 'where you can say it privately instead of at the hatch'],
      paraphrase: false,
    },
    { q: 'seen by a locum', relevant: ["Now it's a locum one week and a trainee the next", 'I saw a locum who told me off for my HbA1c'], paraphrase: false },
    {
      q: 'having one named doctor',
      relevant: [
        'I asked if I could have one named GP',
        'let me have Dr Lewis as my doctor, officially',
        'Let us old ones keep one person, just one',
        'Just that keeping Grace is worth more than any app.',
      ],
      paraphrase: false,
    },
    {
      q: 'car park disabled bays',
      relevant: ['the disabled bays are always full of those big vans', 'the two disabled bays are nearly always taken'],
      paraphrase: false,
    },
    {
      q: 'telephone hard, English not good',
      relevant: [
        'because my English was not so good then',
        'Now my English is better, so I can push back',
        'Maybe to have an interpreter line, or the option to write',
      ],
      paraphrase: false,
    },
    {
      q: 'ran out of tablets',
      relevant: [
        'I missed the letter and ran out for a week',
        "I sometimes only realise I'm down to the last strip",
        "Rationed it, basically, which I know you're not supposed to do.",
        'I ring 111, because they can do an emergency supply',
      ],
      paraphrase: false,
    },
    { q: 'magic words to the receptionist', relevant: ["Ah, well, I've learned the magic words.", 'My flatmate told me you can just say'], paraphrase: false },
    // paraphrased
    { q: 'avoidable hospital admission', relevant: ['Ended up in A and E by ambulance'], paraphrase: true },
    {
      q: 'reluctant to reveal intimate complaints to reception staff',
      relevant: [
        "I really didn't want to say that out loud",
        'I just kind of froze, because I could hear the office noise',
        'where you can say it privately instead of at the hatch',
      ],
      paraphrase: true,
    },
    {
      q: 'nostalgia for a lifelong family physician',
      relevant: [
        'When I was younger we had Dr Hargreaves',
        "Dr Shah saw me through both my girls and my Arthur's heart",
        'My old GP back in Shrewsbury was the one',
      ],
      paraphrase: true,
    },
    {
      q: "wife coordinating her unwell husband's medical history",
      relevant: [
        'I keep a folder now, a proper lever-arch file',
        "I know what it's like to inherit a class with no notes",
        'I end up holding the handset between us and translating',
      ],
      paraphrase: true,
    },
    { q: 'worrying screening outcome delivered remotely', relevant: ['I had a smear result come back abnormal last year'], paraphrase: true },
    {
      q: 'physical examination impossible remotely',
      relevant: [
        "you can't listen to my lungs through a Samsung",
        "you can't hear a crackle down a landline",
        "They can't watch his tremor or how he's walking",
      ],
      paraphrase: true,
    },
    {
      q: 'aligning refill timings of several drugs',
      relevant: ['they all come round on their own cycles', 'sort it so everything lands together once a month, done'],
      paraphrase: true,
    },
    {
      q: 'delaying care to wait for a trusted clinician',
      relevant: ['I held out till she was back', 'Since then I try always to get her', 'the next routine slot with a female GP'],
      paraphrase: true,
    },
    {
      q: 'sympathy for overstretched admin employees facing abuse',
      relevant: ["I've heard people be really vile to them", "they're not bad people up there, they're just run ragged"],
      paraphrase: true,
    },
    {
      q: 'employment schedule clashes with booking window',
      relevant: [
        "That's the hard bit with my shifts.",
        "And I can't do it on a work day",
        "I've got a double-decker full of kids going to school",
        'half of Cardiff works shifts and the place is shut',
      ],
      paraphrase: true,
    },
  ],
  'allotment-gardeners': [
    // literal
    {
      q: 'put my name down years',
      relevant: [
        'the council told me it would be something like six years',
        'it was nine years before I heard anything',
        'was told it was about eight years',
        "I'd actually given up on ever getting one",
        'for two years I heard nothing at all',
        'Be patient, and put your name down today',
      ],
      paraphrase: false,
    },
    {
      q: 'potato leaves went black',
      relevant: ['by August the leaves went black and everything rotted in the ground', 'they go brown and mushy from the top down'],
      paraphrase: false,
    },
    { q: 'slugs lettuces head torch', relevant: ['we planted forty lettuces in a neat little row', 'the slugs here are an army'], paraphrase: false },
    {
      q: 'letter from the committee',
      relevant: [
        'a letter from the committee saying my plot was below standard',
        'I had a formal letter last summer over my meadow patch',
        'I got what they call an improvement notice in my second July',
        'I got one saying my shed was over height',
        'You send someone a first notice and they come at you',
      ],
      paraphrase: false,
    },
    {
      q: 'thieves at night',
      relevant: [
        'we have had thieves, people taking whole rows of carrots at night',
        'somebody nicked our brand-new strimmer out of the shed',
        'we had kids come over the fence one night in October',
      ],
      paraphrase: false,
    },
    {
      q: 'jar of honey',
      relevant: ['We took about thirty jars off in August', "People think it's all about the honey", 'I give a jar of honey to everyone on my row'],
      paraphrase: false,
    },
    {
      q: 'seed swap',
      relevant: ['We do a seed swap in February in the hut', "brought me back a load of chilli seeds from his brother's farm"],
      paraphrase: false,
    },
    {
      q: 'price went up, pounds a year',
      relevant: [
        'forty-two pounds for the whole year',
        'it was sixty pounds when I took it on',
        'The charge then was twenty pounds a year',
        "it's forty pounds for a quarter",
        'the fee went up by a third this year',
      ],
      paraphrase: false,
    },
    { q: 'actually sleep again', relevant: ["I'd come home and actually sleep", 'I started sleeping through the night again'], paraphrase: false },
    {
      q: 'walk round with a clipboard',
      relevant: [
        'They go round with a clipboard every June and August',
        "I'm one of the people doing the walk-rounds",
        'the lady from the council comes round with a tablet',
        "I didn't know who'd walked round",
      ],
      paraphrase: false,
    },
    // paraphrased
    {
      q: "gardening through grief and a spouse's decline",
      relevant: [
        'When he died in 2019 I nearly gave it up',
        "My wife's in a home now, with her memory",
        'When my wife first went into the home he sat with me',
      ],
      paraphrase: true,
    },
    {
      q: 'respite from high-stakes clinical jobs',
      relevant: [
        'nobody could die if I got it wrong',
        'if I put the onions in wrong, so what',
        'burnout basically, from work, the phones, patients shouting at me',
      ],
      paraphrase: true,
    },
    {
      q: 'exercise improving cardiovascular fitness and weight',
      relevant: ['my knees are better for it', "I've dropped about a stone without really trying", 'the walk down and back is two miles a day'],
      paraphrase: true,
    },
    {
      q: 'bypassing the queue via personal connections seems unjust',
      relevant: ['a friend from the mosque shared hers with me for two years', 'it means who you know matters'],
      paraphrase: true,
    },
    {
      q: 'records lost when the computer system was upgraded',
      relevant: ['my application had disappeared when they changed their database'],
      paraphrase: true,
    },
    {
      q: 'initially an unwelcome outsider, later accepted',
      relevant: [
        'I felt, you know, a bit watched, as the only black man',
        'a clique round the big shed who can be a bit cool',
        "Before that I knew nobody's names",
      ],
      paraphrase: true,
    },
    { q: 'biodiversity corners penalised by traditionalists', relevant: ['the inspection sheet counts that as uncultivated'], paraphrase: true },
    {
      q: 'abandoned holdings running wild, annoying adjacent growers',
      relevant: [
        'Some of the plots really are a jungle',
        'the seeds go everywhere, and that wants sorting',
        'a guy with a plot full of tyres and a broken sofa',
      ],
      paraphrase: true,
    },
    {
      q: 'drought, parched earth, irrigation struggles',
      relevant: [
        "it didn't rain from the middle of June until almost September",
        'it was so dry that the ground cracked',
        'we were carrying water in milk churns',
      ],
      paraphrase: true,
    },
    { q: 'beekeeper keeping peace with adjacent growers', relevant: ['so we turned the hive entrance to face away from his side'], paraphrase: true },
  ],
  'tenant-repairs-focus': [
    // literal
    {
      q: 'hold music, then cut off',
      relevant: ['I was forty minutes listening to that music', "It's the same four bars going round and round.", "Oh, don't get me started on that music."],
      paraphrase: false,
    },
    {
      q: 'nobody came, never showed',
      relevant: [
        "I took a day's holiday for a plumber once",
        "I sat up from eight o'clock with my coat on",
        "three of those he didn't turn up",
        "I've missed three appointments because the carer was in",
        "I'm in all day with the baby so that's not my problem",
        "And half the time they don't come at one anyway.",
      ],
      paraphrase: false,
    },
    {
      q: 'job marked completed but never happened',
      relevant: [
        "I rang and the lady said the job's been completed.",
        'rate us one to five, for a job that never happened',
        "Don't close the job until the tenant says it's fixed.",
      ],
      paraphrase: false,
    },
    {
      q: 'painted over the stain',
      relevant: [
        'they painted straight over the brown stain',
        'Fix the actual problem, not the stain.',
        'They sprayed it with some chemical and painted it with special paint.',
        'they just cover it over and move on',
      ],
      paraphrase: false,
    },
    {
      q: 'condensation from cooking',
      relevant: [
        'my grey patch in the bathroom was condensation from cooking',
        'He said I should stop boiling pasta without a lid on.',
        'They told me my condensation was from my houseplants.',
        'asked if I dry washing indoors',
        "I know what causes condensation, and this isn't it",
      ],
      paraphrase: false,
    },
    {
      q: 'bathroom pull cord broken',
      relevant: [
        'My pull cord in the bathroom was broken for five weeks.',
        "I rang three times and they kept saying it's on the list.",
        'Fix the pull cords first.',
      ],
      paraphrase: false,
    },
    {
      q: 'came in without asking',
      relevant: [
        'went straight into my back bedroom without asking',
        'One of them opened my wardrobe without a word',
        "He could have asked me and I'd have moved them.",
        'One man was smoking on my balcony without asking.',
        'took photos of my living room on his phone',
      ],
      paraphrase: false,
    },
    {
      q: 'reporting through the app',
      relevant: ['I just use the app now, to be honest.', "The app's fine if you've got a smartphone.", 'For me, the app is good.'],
      paraphrase: false,
    },
    {
      q: 'defects on a new build',
      relevant: [
        'fourteen defects logged on our flat alone',
        "the builder's responsible for the first year",
        'The defects period ended last month',
        'Inspect the building properly before you hand over the keys.',
      ],
      paraphrase: false,
    },
    {
      q: 'all-day slot, eight till six',
      relevant: [
        'we can come today between eight and six',
        "That's the thing, the all-day slot.",
        'the window, eight till one or one till six',
        'they still book me for eight till one',
        "Morning or afternoon, even, I'd take that.",
      ],
      paraphrase: false,
    },
    // paraphrased
    {
      q: 'escalating to senior figures to obtain action',
      relevant: [
        'then I copy in the chief executive, and then somebody answers',
        'Within a week I had a phone call from a manager.',
        "I've got the direct line of one of the officers",
        'I just shout at the housing officer when she comes in',
        "Tenants shouldn't need to know somebody to get something done.",
      ],
      paraphrase: true,
    },
    {
      q: 'resident carrying out the repair personally',
      relevant: ['took me twenty minutes with a plane', 'it showed me a video of how to bleed a radiator'],
      paraphrase: true,
    },
    {
      q: 'foreign-born residents facing a linguistic barrier',
      relevant: ["For me it's the language.", 'I do all the reporting for my mum', 'And a form in other languages.'],
      paraphrase: true,
    },
    {
      q: "female tenant harassed by a tradesman's intrusive questions",
      relevant: ['He kept asking if I lived on my own', 'A proper number to ring if someone makes you feel unsafe.'],
      paraphrase: true,
    },
    {
      q: "wheelchair user's scheduling needs ignored",
      relevant: [
        "there's a window around lunch when I can let someone in",
        'It takes me a while to get to the door.',
        'Let people choose their time, especially disabled people.',
      ],
      paraphrase: true,
    },
    {
      q: 'workers treating occupants as invisible',
      relevant: [
        'I felt like a piece of furniture.',
        "Others just walk round me like I'm a pot plant.",
        "talk to each other in front of me like I'm not there",
        "talked to me and not to her, even though it's her house",
        "they don't really talk to you",
      ],
      paraphrase: true,
    },
    {
      q: 'considerate tradespeople going beyond the brief',
      relevant: [
        'changed the battery without me asking',
        "He left me a little note with what he'd done",
        'he chatted to her the whole time',
        "he remembers my wife's name",
        'showed me his card at the door and rang ahead',
      ],
      paraphrase: true,
    },
    {
      q: 'pensioners patronised as confused or frail',
      relevant: [
        "They treat you like you're doolally once you're over seventy.",
        'feeling the cold because of my age',
        "maybe I wasn't pushing hard enough",
        "It's had sixty years to settle, son.",
      ],
      paraphrase: true,
    },
    {
      q: 'fungus blamed on household habits',
      relevant: [
        "tells me it's my lifestyle",
        'He said I should stop boiling pasta without a lid on.',
        'asked if I dry washing indoors',
        'they sent her a leaflet about ventilation',
        'the inspector gave me a sheet with tips',
      ],
      paraphrase: true,
    },
    {
      q: 'loneliness since the social hub closed',
      relevant: ['The Friday club was the only time I talked to anyone', 'the only hot dinner they had with other people all week'],
      paraphrase: true,
    },
  ],
};
