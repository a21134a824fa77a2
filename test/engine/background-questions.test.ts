import { describe, expect, it } from 'vitest';
import { asksBackground } from '../../src/engine/analysis/background-questions.js';

describe('questions about the participant’s background', () => {
  it.each([
    ['en', 'Nice. So how did you end up doing this kind of work?'],
    ['en', "That's fine. How did you get into care work?"],
    ['en', 'Could you tell me a bit about yourself first?'],
    ['en', "So what do you do when you're not working?"],
    ['en', 'How long have you been a member?'],
    ['en', 'What made you go into nursing originally?'],
    ['de', 'Wie sind Sie eigentlich zu dieser Kita gekommen?'],
    ['de', 'Erzählen Sie mir doch mal ein bisschen über sich.'],
    ['fr', 'Depuis combien de temps utilisez-vous le service ?'],
    ['en', 'Can you tell me how you came to this work?'],
    ['de', 'Wie lange wohnen Sie schon in Kassel?'],
    ['fr', 'Parlez-moi un peu de vous.'],
  ])('%s: “%s” asks for background', (locale, question) => {
    expect(asksBackground(question, locale)).toBe(true);
  });

  it.each([
    ['en', 'Did you get any training for situations like that?'],
    ['en', 'How do you find the app?'],
    ['en', 'How long does the bus take from there?'],
    ['en', 'How do you get to the library?'],
    ['en', 'How long have you been waiting for the repair?'],
    ['en', 'How long have you had the pain?'],
    ['de', 'Wie lange sind Sie morgens unterwegs?'],
    ['fr', 'Depuis combien de temps attendez-vous un vélo ?'],
    ['en', 'What do you do when the rota changes at short notice?'],
    ['de', 'Wie lange dauert die Eingewöhnung?'],
    ['fr', 'Comment trouvez-vous les vélos ?'],
    ['es', '¿Cómo empezó a trabajar aquí?'],
  ])('%s: “%s” asks about the study’s subject (or in a language without patterns)', (locale, question) => {
    expect(asksBackground(question, locale)).toBe(false);
  });
});
