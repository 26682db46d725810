// Bundled public-domain quotes, part 3 (format: see BundledQuoteData1.swift).
extension BundledQuotes {
  static let part3 = """
    @ Booker T. Washington | 1915
    Success is measured not by position but by the obstacles overcome.
    If you want to lift yourself up, lift up someone else.
    Excellence is to do a common thing in an uncommon way.
    Few things help an individual more than to place responsibility upon him.
    @ Elbert Hubbard | 1915
    The best preparation for good work tomorrow is to do good work today.
    A friend is someone who knows all about you and still loves you.
    Do not take life too seriously. You will never get out of it alive.
    Positive anything is better than negative nothing.
    The greatest mistake you can make in life is to be continually fearing you will make one.
    @ Jack London | 1916
    You can't wait for inspiration. You have to go after it with a club.
    I would rather be ashes than dust!
    Life is not a matter of holding good cards, but of playing a poor hand well.
    @ Saki | 1916
    A little inaccuracy sometimes saves tons of explanation.
    @ Auguste Rodin | 1917
    Patience is also a form of action.
    Nothing is a waste of time if you use the experience wisely.
    @ Theodore Roosevelt | 1919
    Believe you can and you're halfway there.
    Do what you can, with what you have, where you are.
    Comparison is the thief of joy.
    Keep your eyes on the stars, and your feet on the ground.
    Nobody cares how much you know, until they know how much you care.
    Speak softly and carry a big stick.
    Far and away the best prize that life offers is the chance to work hard at work worth doing.
    In any moment of decision, the best thing you can do is the right thing.
    @ Andrew Carnegie | 1919
    Teamwork is the fuel that allows common people to attain uncommon results.
    As I grow older, I pay less attention to what men say. I just watch what they do.
    @ L. Frank Baum | 1919
    No thief, however skillful, can rob one of knowledge.
    Everything has to come to an end, sometime.
    @ Ella Wheeler Wilcox | 1919
    Laugh, and the world laughs with you. Weep, and you weep alone.
    A pessimist is one who feels bad when he feels good.
    @ Orison Swett Marden | 1924
    Deep within man dwell those slumbering powers.
    Success is the sum of detail.
    @ Anatole France | 1924
    Nine tenths of education is encouragement.
    To accomplish great things, we must not only act, but also dream.
    The average man does not know what to do with this life, yet wants another.
    @ Franz Kafka | 1924
    A book must be the axe for the frozen sea within us.
    Anyone who keeps the ability to see beauty never grows old.
    Start with what is right rather than what is acceptable.
    @ Joseph Conrad | 1924
    Facts can be so misleading, where rumours, true or false, are often revealing.
    @ Woodrow Wilson | 1924
    I not only use all the brains that I have, but all that I can borrow.
    Friendship is the only cement that will ever hold the world together.
    @ Rainer Maria Rilke | 1926
    The only journey is the one within.
    Let everything happen to you, beauty and terror. Just keep going.
    Be patient toward all that is unsolved in your heart.
    @ Claude Monet | 1926
    Every day I discover more and more beautiful things.
    Color is my day-long obsession, joy and torment.
    @ Jerome K. Jerome | 1927
    I like work, it fascinates me. I can sit and look at it for hours.
    It is impossible to enjoy idling thoroughly unless one has plenty of work to do.
    @ Thomas Hardy | 1928
    Some folk want their luck buttered.
    Experience is as to intensity, and not as to duration.
    @ Arthur Conan Doyle | 1930
    It is a capital mistake to theorize before one has data.
    Mediocrity knows nothing higher than itself.
    When you have eliminated the impossible, whatever remains must be the truth.
    @ D. H. Lawrence | 1930
    Life is ours to be spent, not to be saved.
    The business of art is to reveal the relation between man and his environment.
    @ Thomas Edison | 1931
    Genius is one percent inspiration and ninety-nine percent perspiration.
    I have not failed. I've just found ten thousand ways that won't work.
    There is no substitute for hard work.
    Opportunity is missed by most people because it looks like work.
    Many of life's failures are people who did not realize how close they were to success.
    The best thinking has been done in solitude.
    @ Kahlil Gibran | 1931
    Out of suffering have emerged the strongest souls.
    Work is love made visible.
    Yesterday is but today's memory, and tomorrow is today's dream.
    Generosity is giving more than you can, and pride is taking less than you need.
    Beauty is not in the face, beauty is a light in the heart.
    @ Arnold Bennett | 1931
    Any change, even a change for the better, is always accompanied by drawbacks.
    @ Kenneth Grahame | 1932
    There is nothing half so much worth doing as simply messing about in boats.
    @ Calvin Coolidge | 1933
    Nothing in this world can take the place of persistence.
    No person was ever honored for what he received.
    We cannot do everything at once, but we can do something at once.
    @ Henry van Dyke | 1933
    Time is too slow for those who wait, too swift for those who fear.
    Use what talents you possess. The woods would be very silent if no birds sang.
    @ Marie Curie | 1934
    Nothing in life is to be feared, it is only to be understood.
    Be less curious about people and more curious about ideas.
    One never notices what has been done, one can only see what remains to be done.
    @ Will Rogers | 1935
    Even if you are on the right track, you'll get run over if you just sit there.
    Don't let yesterday take up too much of today.
    Good judgment comes from experience, and a lot of that comes from bad judgment.
    Never miss a good chance to shut up.
    Do the best you can, and don't take life too serious.
    @ G. K. Chesterton | 1936
    The world will never starve for want of wonders, but only for want of wonder.
    Fairy tales do not tell children the dragons exist. They tell them they can be killed.
    Angels can fly because they take themselves lightly.
    An adventure is only an inconvenience rightly considered.
    There are no uninteresting things, only uninterested people.
    @ Rudyard Kipling | 1936
    Words are, of course, the most powerful drug used by mankind.
    If you can keep your head when all about you are losing theirs.
    I keep six honest serving men. They taught me all I knew.
    @ J. M. Barrie | 1937
    Life is a long lesson in humility.
    Always be a little kinder than necessary.
    Those who bring sunshine to the lives of others cannot keep it from themselves.
    @ Amelia Earhart | 1937
    The most difficult thing is the decision to act. The rest is merely tenacity.
    Adventure is worthwhile in itself.
    Never interrupt someone doing what you said couldn't be done.
    @ W. B. Yeats | 1939
    Education is not the filling of a pail, but the lighting of a fire.
    Think like a wise man but communicate in the language of the people.
    Tread softly because you tread on my dreams.
    @ Sigmund Freud | 1939
    Out of your vulnerabilities will come your strength.
    Being entirely honest with oneself is a good exercise.
    @ F. Scott Fitzgerald | 1940
    Never confuse a single defeat with a final defeat.
    It is sadder to find the past again and find it inadequate to the present.
    Show me a hero and I will write you a tragedy.
    @ Rabindranath Tagore | 1941
    You can't cross the sea merely by standing and staring at the water.
    Faith is the bird that feels the light when the dawn is still dark.
    Let your life lightly dance on the edges of time like dew on the tip of a leaf.
    Clouds come floating into my life, no longer to carry rain, but to add color.
    Love does not claim possession, but gives freedom.
    @ Virginia Woolf | 1941
    No need to hurry. No need to sparkle. No need to be anybody but oneself.
    One cannot think well, love well, sleep well, if one has not dined well.
    Arrange whatever pieces come your way.
    @ James Joyce | 1941
    Mistakes are the portals of discovery.
    @ Nikola Tesla | 1943
    The present is theirs, the future, for which I really worked, is mine.
    Our virtues and our failings are inseparable, like force and matter.
    @ Saint-Exupery | 1944
    What is essential is invisible to the eye.
    A goal without a plan is just a wish.
    Perfection is achieved when there is nothing left to take away.
    It is the time you have wasted for your rose that makes your rose so important.
    Love does not consist in gazing at each other, but in looking together outward.
    @ F. D. Roosevelt | 1945
    The only thing we have to fear is fear itself.
    When you reach the end of your rope, tie a knot in it and hang on.
    Happiness lies in the joy of achievement and the thrill of creative effort.
    A smooth sea never made a skilled sailor.
    @ H. G. Wells | 1946
    Adapt or perish, now as ever, is nature's inexorable imperative.
    If we don't end war, war will end us.
    @ W. C. Fields | 1946
    If at first you don't succeed, try, try again. Then quit.
    @ Henry Ford | 1947
    Whether you think you can, or you think you can't, you're right.
    Coming together is a beginning, staying together is progress.
    Failure is simply the opportunity to begin again, this time more intelligently.
    Quality means doing it right when no one is looking.
    Anyone who stops learning is old, whether at twenty or eighty.
    Don't find fault, find a remedy.
    @ Orville Wright | 1948
    If we all worked on the assumption that what is accepted as true is really true.
    @ Mahatma Gandhi | 1948
    Be the change that you wish to see in the world.
    Live as if you were to die tomorrow. Learn as if you were to live forever.
    The weak can never forgive. Forgiveness is the attribute of the strong.
    Strength does not come from physical capacity. It comes from an indomitable will.
    Happiness is when what you think, what you say, and what you do are in harmony.
    An ounce of practice is worth more than tons of preaching.
    The future depends on what you do today.
    @ Babe Ruth | 1948
    Never let the fear of striking out keep you from playing the game.
    It's hard to beat a person who never gives up.
    @ George Bernard Shaw | 1950
    Life isn't about finding yourself. Life is about creating yourself.
    Progress is impossible without change.
    Youth is wasted on the young.
    Imagination is the beginning of creation.
    We don't stop playing because we grow old, we grow old because we stop playing.
    The single biggest problem in communication is the illusion that it has taken place.
    @ George Orwell | 1950
    To see what is in front of one's nose needs a constant struggle.
    Happiness can exist only in acceptance.
    """
}
