/**
 * One-word search queries over three development studies of the passage benchmark, written by a helper session from the transcripts alone (2026-11-29), without seeing the search engine or other query sets.
 */
export interface OneWordQuery {
  q: string;
  relevant: string[];
  /** true: the word itself is absent from the study; its passages speak of it in other words. */
  concept: boolean;
}
export const ONE_WORD: Record<string, OneWordQuery[]> = {
  'school-meals-names': [
    {
      q: 'allergy',
      relevant: [
        'Tobi has a peanut allergy, a proper one, he carries two pens',
        'When we signed up, there was a box for allergies',
        "it's not an allergy as such, more an intolerance",
        "it's all or nothing, allergy yes or no",
        "I'm not sure the box is only for allergy",
      ],
      concept: false,
    },
    {
      q: 'halal',
      relevant: ["We're Muslim, so it has to be halal.", "there's a little symbol next to the halal dishes", "I'd want to see two halal choices every day"],
      concept: false,
    },
    {
      q: 'gluten',
      relevant: [
        'So for us everything hinges on gluten.',
        'the gluten-free options come up with a GF next to them',
        'the gluten-free pizza was being cooked on the same trays as the normal one',
        'she asked if she could have the gluten-free brownie every day',
      ],
      concept: false,
    },
    {
      q: 'pictures',
      relevant: [
        'She sits with me on the sofa and we go through the pictures together',
        'On the phone the pictures load really slowly',
        'they just point at pictures of things that are yellow',
        'It would be very good to have Polish, or at least pictures for every meal',
        'seeing the pictures beforehand has actually been brilliant',
      ],
      concept: false,
    },
    {
      q: 'screen',
      relevant: [
        "there's no single screen for all of them",
        "you're clicking through five screens and hitting save on every one",
        'I use Google Translate on the screen',
        'because he saw it on the screen three weeks running',
        'when he pinches the screen it sometimes selects the meal by accident',
      ],
      concept: false,
    },
    {
      q: 'email',
      relevant: [
        "You get an email on Thursday morning saying you're too late",
        'Getting that back took six weeks and three emails.',
        'I emailed and the head teacher replied the same day and apologised.',
        'We did get that back as credit eventually, but I had to email twice.',
      ],
      concept: false,
    },
    {
      q: 'deadline',
      relevant: [
        'you have to get the whole week in by Wednesday night',
        'Last month I was on nights and completely missed it',
        "You get an email on Thursday morning saying you're too late",
        'locking it in a week early is the hardest bit',
        "If they gave me till Sunday night, I'd be happy.",
        'it closes on the Wednesday for the week after',
        "I've got a reminder on my phone for Tuesday because it closes Wednesday",
        'the school wants everything by Wednesday',
        'on Wednesday evening I am already at work, and my phone is in the locker',
        'If the last day was Thursday or Friday, it would be easier for us.',
        "don't get it done by the Wednesday, he's in a state",
        'the window had already shut, which makes no sense',
      ],
      concept: true,
    },
    {
      q: 'language',
      relevant: [
        "everything is only in English and some words for the food I don't know",
        'What is a cottage pie, what is a toad in the hole?',
        'when I translate the page, the buttons stop to work',
        'she reads it to me, she is better in English than me already',
        'It would be very good to have Polish, or at least pictures for every meal',
      ],
      concept: true,
    },
    {
      q: 'expensive',
      relevant: [
        "And it's two pound sixty now, it was two thirty last year",
        "Josh's is the one I pay, and it adds up, about thirteen quid a week.",
        "I couldn't do eleven or twelve pounds a week on top of everything else",
        "it does go quicker than you'd think, especially since it went up in September",
        "It's not cheap, put it that way, and hairdressing isn't exactly well paid.",
      ],
      concept: true,
    },
    {
      q: 'independence',
      relevant: [
        "he's at the age where he wants to do everything himself",
        'I let him sit at the laptop and sort his own week now',
        'it was his first time being in charge of something',
        'I hand the phone to Cerys and she does it for both of them',
        'they love being trusted with it, it makes them feel grown up',
        "I let her pick everything now, within what's safe",
      ],
      concept: true,
    },
    {
      q: 'glitch',
      relevant: [
        'if you press back on your phone it throws you out and you start again',
        "pressed the button at the bottom, and it's just sat there spinning",
        "the lady in the office said she couldn't see it either",
        'it logged me out twice while I was halfway through',
        'if you forget to hit save on Thursday and go to Friday, Thursday just disappears',
        'when I translate the page, the buttons stop to work',
        'when he pinches the screen it sometimes selects the meal by accident',
        "when it switched over he didn't show up as entitled, and it was charging me",
        "When his mum paid in on her side, it didn't show on mine",
      ],
      concept: true,
    },
    {
      q: 'danger',
      relevant: [
        "people leave their cars on the zigzags, on the pavement, across people's drives",
        'nearly got clipped by a four by four reversing out of the bus stop',
        "I've written to the council twice about getting a crossing patrol back",
        'please put some bollards outside the gates',
        'A lollipop lady, a camera, anything, before someone gets hurt.',
        'so the little ones are walking in the road between the cars',
      ],
      concept: true,
    },
  ],
  'care-workers': [
    {
      q: 'miles',
      relevant: [
        'they give you twenty-five pence a mile',
        'those two places are eighteen miles apart on a B road',
        'three hundred and fifty miles a week and I get twenty pence a mile back',
        "there's no mileage because I don't have miles",
        "I'm on minimum wage, basically, plus twenty-two pence a mile.",
      ],
      concept: false,
    },
    {
      q: 'dogs',
      relevant: ['the care plan says the dogs will be shut in the back room', "I said I won't go in unless the dogs are away before I arrive"],
      concept: false,
    },
    {
      q: 'hoist',
      relevant: [
        'she needs the hoist, and the hoist needs two of us',
        'instead of a scramble with the hoist',
        'Coming from engineering I liked the hoist training',
      ],
      concept: false,
    },
    {
      q: 'bus',
      relevant: [
        'I go from one person to the next by bus and by walking',
        "The rest of the time I'm at bus stops, and bus stops don't count.",
        'And the bus fares are on me too',
      ],
      concept: false,
    },
    {
      q: 'choir',
      relevant: ['I sing with the Hollybrook Community Choir, Wednesday nights in the church hall', 'I sing in a choir, the Ribble Valley Singers'],
      concept: false,
    },
    {
      q: 'dementia',
      relevant: [
        "So Mrs Dobson, who's got dementia, she gets me for ten minutes instead of twenty-five",
        "Betty's got dementia and Ron does most of the looking after",
      ],
      concept: false,
    },
    {
      q: 'harassment',
      relevant: [
        "there's one gentleman, I won't say his name, who makes comments",
        "about my uniform, and about whether I've got a boyfriend",
        "he's harmless, he's just from a different generation",
        'on my own in his bedroom at nine at night with the door shut',
        'now I keep my phone in my tunic pocket with my mum on speed dial',
        "I wear my hair up so there's less to grab",
        "he didn't let me pass, just stood there, smiling",
      ],
      concept: true,
    },
    {
      q: 'fuel',
      relevant: [
        "my van does thirty-odd to the gallon, so that's not even covering the diesel",
        'And pay the diesel properly, forty-five pence, like the tax man says.',
        "She won't take anything for petrol",
      ],
      concept: true,
    },
    {
      q: 'salary',
      relevant: [
        "But the money's worse than the warehouse",
        'I was on about seven pound something an hour',
        "I'm on ten pound forty an hour now, after nineteen years",
        "So that's twenty pence for nineteen years' experience",
        "on paper I'm on ten pounds something, but it's nowhere near that",
        'My payslip last month was one thousand two hundred and something',
        'Even a pound an hour more, and the in-between bits counted',
        "I'm on minimum wage, basically, plus twenty-two pence a mile.",
        "she's earning more folding jeans than I am doing catheters",
        "I'm on about eight pounds an hour for the hours I'm actually out",
        'At the mill I was on twenty-two an hour, with a pension',
      ],
      concept: true,
    },
    {
      q: 'bereavement',
      relevant: [
        'When his wife passed two years ago, I went to the funeral',
        'I looked after my dad for a couple of years before he died',
        'when she died I found I missed the routine of it',
        "after she went I couldn't stand the quiet in the house",
        "Thank you. It's four years now. You get on.",
      ],
      concept: true,
    },
    {
      q: 'loneliness',
      relevant: [
        'she has nobody here, her son is in Houston',
        "A nephew, but he's in Canada.",
        "Her daughter lives in Australia, so I'm the one who sets up the video call",
        "after she went I couldn't stand the quiet in the house",
        "But it's sad, because Mr Hughes wants to talk",
      ],
      concept: true,
    },
    {
      q: 'migration',
      relevant: [
        'I came on a health and care visa, so, um, the agency sponsored me.',
        'but my registration is still in process here',
        "when I came here my qualifications didn't count",
        'I was a midwife in Nigeria, a long time ago',
        'I came from Poland nine years ago, I worked in a hotel first',
        'I send some home to my mother every month',
      ],
      concept: true,
    },
  ],
  'library-users': [
    {
      q: 'audiobooks',
      relevant: [
        'I use the app for audiobooks mostly, I listen on the bus in from Hexley.',
        'I listen to audiobooks on my walk in',
        'you can get audiobooks from the library for nothing',
        "I've got the Libby app on my phone for audiobooks",
      ],
      concept: false,
    },
    {
      q: 'queue',
      relevant: [
        'I may as well walk down and queue at the counter',
        'you go back to the end of the queue',
        "even when I'm not sure I want them, just to get in the queue",
        'see roughly where you are in the queue in weeks',
      ],
      concept: false,
    },
    {
      q: 'challenge',
      relevant: [
        'Anya did the summer reading challenge last year',
        'I push the summer reading challenge really hard in July',
        "she's doing that summer challenge where they collect stickers and get a medal",
      ],
      concept: false,
    },
    {
      q: 'evening',
      relevant: [
        "Tuesday is the one evening I'm usually on",
        'just a late evening, even one, like a Thursday till seven',
        "And stay open on Monday evenings, I'd be there every week.",
        'And an evening, just one, would be wonderful.',
      ],
      concept: false,
    },
    {
      q: 'website',
      relevant: [
        'The DVLA wanted everything done through their website',
        'you cannot walk into a factory and ask, they say, go to the website',
        'how to put it on the Indeed website',
      ],
      concept: false,
    },
    {
      q: 'scanner',
      relevant: ["I don't have a scanner at home", "which sounds like nothing, but I don't own a scanner"],
      concept: false,
    },
    {
      q: 'vision',
      relevant: ["the writing's tiny and my eyes aren't what they were", "I'm a big reader, large print mostly", 'you can make the letters as big as you want'],
      concept: true,
    },
    {
      q: 'acoustics',
      relevant: [
        "it's one big echoey hall with a mezzanine, everything bounces off the ceiling",
        "some soft panels on the ceiling, or whatever they're called, to soak up the echo",
        'So the sound just carries',
        "there's no wall between the two halves, it's all one big open room",
        'where you can see through but the racket stays on one side',
        'the heating pipes make this clanking sound',
      ],
      concept: true,
    },
    {
      q: 'overcrowding',
      relevant: [
        'so popular that there were about forty in a room meant for twenty',
        "there was just nowhere to sit that wasn't right next to thirty screaming toddlers",
        'It was really busy, which, good for them.',
        'After eleven it is like a railway station.',
        "the secondary school lot pile in and it's like a youth club",
      ],
      concept: true,
    },
    {
      q: 'unemployment',
      relevant: [
        'Last year they cut many jobs, I was one of them',
        'you cannot walk into a factory and ask, they say, go to the website',
        'she showed me how to make a CV in Word',
        'she checked my covering letter and told me which words sound more British',
        'I have a new job, in a bakery distribution',
        'Without this place I think I would still be looking for a job.',
      ],
      concept: true,
    },
    {
      q: 'vegetables',
      relevant: [
        'nothing but slugs, I lost every one of my lettuces in a week',
        'My neighbour on the next plot swears by beer traps',
        'The runner beans did alright though',
        "This year I'm trying to grow giant onions for the show in August",
        "You've got to feed them every week with a special liquid",
      ],
      concept: true,
    },
    {
      q: 'affordability',
      relevant: [
        "I'm not paying twelve quid a month for Audible on a student budget",
        "it's a hundred and fifty pounds a month, which on my salary is not happening",
        "I've probably saved a few hundred quid this year not buying stuff on Kindle.",
        'you can get all your Lee Childs on there for nothing',
        'you can get audiobooks from the library for nothing',
        'like Vogue and the New Scientist, without paying a penny',
        "the library is one of the few places I can take them all that's free",
        "It cost me twenty pence, that's all.",
        'But when it works it costs nothing',
      ],
      concept: true,
    },
  ],
};
