// Bundled public-domain quotes, part 2 (format: see BundledQuoteData1.swift).
extension BundledQuotes {
  static let part2 = """
    @ Arthur Schopenhauer | 1860
    Talent hits a target no one else can hit. Genius hits a target no one else can see.
    Every man takes the limits of his own field of vision for the limits of the world.
    Compassion is the basis of morality.
    @ Soren Kierkegaard | 1855
    Life can only be understood backwards, but it must be lived forwards.
    To dare is to lose one's footing momentarily.
    Anxiety is the dizziness of freedom.
    @ Charlotte Bronte | 1855
    I would always rather be happy than dignified.
    Life is so constructed that the event does not match the expectation.
    @ Emily Bronte | 1848
    Whatever our souls are made of, his and mine are the same.
    I have dreamt in my life, dreams that have stayed with me ever after.
    @ Edgar Allan Poe | 1849
    All that we see or seem is but a dream within a dream.
    Words have no power to impress the mind without the exquisite horror of their reality.
    Never to suffer would never to have been blessed.
    @ Honore de Balzac | 1850
    There is no such thing as a great talent without great will power.
    Power is not revealed by striking hard or often, but by striking true.
    @ William Wordsworth | 1850
    The child is father of the man.
    Fill your paper with the breathings of your heart.
    Come forth into the light of things, let nature be your teacher.
    @ Mary Shelley | 1851
    Nothing is so painful to the human mind as a great and sudden change.
    Beware, for I am fearless, and therefore powerful.
    @ Washington Irving | 1859
    Great minds have purposes, others have wishes.
    There is a sacredness in tears.
    A kind heart is a fountain of gladness.
    @ E. B. Browning | 1861
    How do I love thee? Let me count the ways.
    Light tomorrow with today!
    @ Henry David Thoreau | 1862
    Go confidently in the direction of your dreams.
    Success usually comes to those who are too busy to be looking for it.
    It is never too late to give up our prejudices.
    The price of anything is the amount of life you exchange for it.
    Not until we are lost do we begin to understand ourselves.
    What you get by achieving your goals is not as important as what you become.
    Our life is frittered away by detail. Simplify, simplify.
    Rather than love, than money, than fame, give me truth.
    An early morning walk is a blessing for the whole day.
    Heaven is under our feet as well as over our heads.
    @ Nathaniel Hawthorne | 1864
    Happiness is a butterfly which, when pursued, is always beyond your grasp.
    Time flies over us, but leaves its shadow behind.
    Easy reading is damn hard writing.
    @ Abraham Lincoln | 1865
    Whatever you are, be a good one.
    The best way to predict your future is to create it.
    I am a slow walker, but I never walk back.
    Nearly all men can stand adversity. To test a man, give him power.
    Give me six hours to chop down a tree and I will spend four sharpening the axe.
    I walk slowly, but I never walk backward.
    Be sure you put your feet in the right place, then stand firm.
    Most folks are about as happy as they make up their minds to be.
    @ Charles Dickens | 1870
    No one is useless in this world who lightens the burdens of another.
    Have a heart that never hardens, and a temper that never tires.
    Procrastination is the thief of time. Collar him!
    A loving heart is the truest wisdom.
    There is nothing so strong or safe in an emergency as the simple truth.
    @ Alexandre Dumas | 1870
    All human wisdom is summed up in two words, wait and hope.
    Life is a storm, my young friend.
    @ John Stuart Mill | 1873
    Ask yourself whether you are happy, and you cease to be so.
    One person with a belief is equal to ninety-nine who have only interests.
    @ George Eliot | 1880
    It is never too late to be what you might have been.
    What do we live for, if it is not to make life less difficult for each other?
    Blessed is the influence of one true, loving human soul on another.
    Our deeds determine us, as much as we determine our deeds.
    @ Gustave Flaubert | 1880
    There is no truth. There is only perception.
    Be regular and orderly in your life, so that you may be violent in your work.
    @ Fyodor Dostoevsky | 1881
    The soul is healed by being with children.
    Beauty will save the world.
    To live without hope is to cease to live.
    Taking a new step is what people fear most.
    @ Benjamin Disraeli | 1881
    The secret of success is constancy to purpose.
    Action may not always bring happiness, but there is no happiness without action.
    Never complain and never explain.
    @ Thomas Carlyle | 1881
    Every noble work is at first impossible.
    Go as far as you can see, when you get there you will be able to see further.
    Blessed is he who has found his work, let him ask no other blessedness.
    @ Ralph Waldo Emerson | 1882
    What lies behind us and what lies before us are tiny matters compared to what lies within us.
    The only way to have a friend is to be one.
    Adopt the pace of nature, her secret is patience.
    Nothing great was ever achieved without enthusiasm.
    Do not go where the path may lead. Go where there is no path and leave a trail.
    To be yourself in a world that is trying to make you something else is an accomplishment.
    Write it on your heart that every day is the best day in the year.
    The earth laughs in flowers.
    Finish each day and be done with it.
    Life is a journey, not a destination.
    Every artist was first an amateur.
    Our greatest glory is in rising up every time we fail.
    Always do what you are afraid to do.
    The creation of a thousand forests is in one acorn.
    Once you make a decision, the universe conspires to make it happen.
    For every minute you are angry you lose sixty seconds of happiness.
    @ Henry W. Longfellow | 1882
    Into each life some rain must fall.
    The heart has its own memory, like the mind.
    Lives of great men all remind us we can make our lives sublime.
    Great is the art of beginning, but greater is the art of ending.
    @ Charles Darwin | 1882
    A man who dares to waste one hour of time has not discovered the value of life.
    Ignorance more frequently begets confidence than does knowledge.
    @ Sojourner Truth | 1883
    Truth burns up error.
    If women want any rights more than they's got, why don't they just take them.
    @ Victor Hugo | 1885
    Even the darkest night will end and the sun will rise.
    Laughter is the sun that drives winter from the human face.
    Music expresses that which cannot be said and on which it is impossible to be silent.
    To love another person is to see the face of God.
    He who opens a school door, closes a prison.
    Be like the bird that pauses on a frail branch, and still he sings.
    No army can stop an idea whose time has come.
    @ Ulysses S. Grant | 1885
    In every battle there comes a time when both sides consider themselves beaten.
    @ Emily Dickinson | 1886
    Hope is the thing with feathers that perches in the soul.
    Forever is composed of nows.
    Dwell in possibility.
    That it will never come again is what makes life so sweet.
    To live is so startling it leaves little time for anything else.
    @ Henry Ward Beecher | 1887
    The art of being happy lies in the power of extracting happiness from common things.
    Hold yourself responsible for a higher standard than anybody expects of you.
    Every charitable act is a stepping stone toward heaven.
    @ Louisa May Alcott | 1888
    I am not afraid of storms, for I am learning how to sail my ship.
    Love is a great beautifier.
    Have regular hours for work and play.
    @ Robert Browning | 1889
    Ah, but a man's reach should exceed his grasp.
    Grow old along with me! The best is yet to be.
    @ Vincent van Gogh | 1890
    Great things are done by a series of small things brought together.
    I dream my painting and I paint my dream.
    If you hear a voice within you say you cannot paint, then by all means paint.
    Normality is a paved road. It is comfortable to walk, but no flowers grow on it.
    I would rather die of passion than of boredom.
    @ Herman Melville | 1891
    It is better to fail in originality than to succeed in imitation.
    A smile is the chosen vehicle for all ambiguities.
    @ Walt Whitman | 1892
    Keep your face always toward the sunshine and shadows will fall behind you.
    Be curious, not judgmental.
    I exist as I am, that is enough.
    Do I contradict myself? Very well then I contradict myself.
    @ Alfred Tennyson | 1892
    It is better to have loved and lost than never to have loved at all.
    To strive, to seek, to find, and not to yield.
    @ R. L. Stevenson | 1894
    Do not judge each day by the harvest you reap but by the seeds that you plant.
    To travel hopefully is a better thing than to arrive.
    Keep your fears to yourself, but share your courage with others.
    There is no duty we so much underrate as the duty of being happy.
    @ O. W. Holmes | 1894
    A moment's insight is sometimes worth a life's experience.
    Where we love is home, home that our feet may leave, but not our hearts.
    @ Frederick Douglass | 1895
    If there is no struggle, there is no progress.
    It is easier to build strong children than to repair broken men.
    Once you learn to read, you will be forever free.
    @ William Morris | 1896
    Have nothing in your house that you do not know to be useful, or believe to be beautiful.
    @ Lewis Carroll | 1898
    If you don't know where you are going, any road will get you there.
    Why, sometimes I've believed as many as six impossible things before breakfast.
    It's no use going back to yesterday, because I was a different person then.
    Everything's got a moral, if only you can find it.
    @ Oscar Wilde | 1900
    Be yourself, everyone else is already taken.
    We are all in the gutter, but some of us are looking at the stars.
    To live is the rarest thing in the world. Most people exist, that is all.
    Experience is simply the name we give our mistakes.
    Always forgive your enemies, nothing annoys them so much.
    I can resist everything except temptation.
    With freedom, books, flowers, and the moon, who could not be happy?
    The truth is rarely pure and never simple.
    Life is far too important a thing ever to talk seriously about.
    @ Friedrich Nietzsche | 1900
    He who has a why to live can bear almost any how.
    Without music, life would be a mistake.
    That which does not kill us makes us stronger.
    The higher we soar, the smaller we appear to those who cannot fly.
    There are no facts, only interpretations.
    You must have chaos within you to give birth to a dancing star.
    @ John Ruskin | 1900
    Quality is never an accident, it is always the result of intelligent effort.
    Sunshine is delicious, rain is refreshing, wind braces us up.
    There is no wealth but life.
    @ Samuel Butler | 1902
    Life is like playing a violin solo in public and learning the instrument as one goes on.
    All progress is based upon a universal innate desire to live beyond our income.
    @ Emile Zola | 1902
    If you ask me what I came into this world to do, I will tell you. I came to live out loud.
    @ Anton Chekhov | 1904
    Knowledge is of no value unless you put it into practice.
    Man is what he believes.
    Any idiot can face a crisis, it is this day to day living that wears you out.
    @ Jules Verne | 1905
    Anything one man can imagine, other men can make real.
    We may brave human laws, but we cannot resist natural ones.
    @ Henrik Ibsen | 1906
    A thousand words leave not the same deep impression as does a single deed.
    The strongest man in the world is he who stands most alone.
    @ Susan B. Anthony | 1906
    Failure is impossible.
    Independence is happiness.
    @ Mark Twain | 1910
    The secret of getting ahead is getting started.
    Kindness is the language which the deaf can hear and the blind can see.
    Courage is resistance to fear, mastery of fear, not absence of fear.
    If you tell the truth, you don't have to remember anything.
    Whenever you find yourself on the side of the majority, it is time to pause and reflect.
    Twenty years from now you will be more disappointed by the things you didn't do.
    The man who does not read has no advantage over the man who cannot read.
    Age is an issue of mind over matter. If you don't mind, it doesn't matter.
    Never put off till tomorrow what may be done day after tomorrow just as well.
    Get your facts first, then you can distort them as you please.
    The best way to cheer yourself up is to try to cheer somebody else up.
    Do the right thing. It will gratify some people and astonish the rest.
    Good friends, good books, and a sleepy conscience, this is the ideal life.
    Truth is stranger than fiction.
    Climate is what we expect, weather is what we get.
    Continuous improvement is better than delayed perfection.
    @ Leo Tolstoy | 1910
    The two most powerful warriors are patience and time.
    If you want to be happy, be.
    Everyone thinks of changing the world, but no one thinks of changing himself.
    All, everything that I understand, I understand only because I love.
    There is no greatness where there is not simplicity, goodness and truth.
    @ William James | 1910
    Act as if what you do makes a difference. It does.
    The greatest weapon against stress is our ability to choose one thought over another.
    Wisdom is learning what to overlook.
    Begin to be now what you will be hereafter.
    @ Florence Nightingale | 1910
    I attribute my success to this, I never gave or took any excuse.
    Live life when you have it. Life is a splendid gift.
    @ O. Henry | 1910
    Life is made up of sobs, sniffles, and smiles, with sniffles predominating.
    @ Wilbur Wright | 1912
    It is possible to fly without motors, but not without knowledge and skill.
    @ Harriet Tubman | 1913
    Every great dream begins with a dreamer.
    Keep going. If you want a taste of freedom, keep going.
    @ John Muir | 1914
    The mountains are calling and I must go.
    In every walk with nature one receives far more than he seeks.
    Keep close to nature's heart.
    Between every two pines is a doorway to a new world.
    @ Ambrose Bierce | 1914
    Speak when you are angry and you will make the best speech you will ever regret.
    Patience, a minor form of despair, disguised as a virtue.
    """
}
