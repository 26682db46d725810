// Bundled public-domain quotes, part 1. Format: "@ Author | year of death" (negative = BC)
// starts an author; each following line is one quote. Every author died more than 70 years
// ago; BundledQuotesTests checks the year and that each quote fits a 6×22 board.
extension BundledQuotes {
  static let part1 = """
    @ Aesop | -564
    No act of kindness, no matter how small, is ever wasted.
    United we stand, divided we fall.
    Slow and steady wins the race.
    Appearances are often deceiving.
    It is easy to be brave from a safe distance.
    Little by little does the trick.
    We often give our enemies the means for our own destruction.
    @ Confucius | -479
    It does not matter how slowly you go as long as you do not stop.
    Real knowledge is to know the extent of one's ignorance.
    Everything has beauty, but not everyone sees it.
    Our greatest glory is not in never falling, but in rising every time we fall.
    The man who moves a mountain begins by carrying away small stones.
    Wherever you go, go with all your heart.
    Silence is a true friend who never betrays.
    To see what is right and not do it is a lack of courage.
    He who learns but does not think is lost.
    Study the past if you would define the future.
    Choose a job you love and you will never have to work a day in your life.
    @ Lao Tzu | -531
    A journey of a thousand miles begins with a single step.
    Nature does not hurry, yet everything is accomplished.
    Knowing others is wisdom. Knowing yourself is enlightenment.
    When I let go of what I am, I become what I might be.
    He who knows, does not speak. He who speaks, does not know.
    Great acts are made up of small deeds.
    The best fighter is never angry.
    Care about what other people think and you will always be their prisoner.
    Silence is a source of great strength.
    @ Heraclitus | -475
    No man ever steps in the same river twice.
    The only constant in life is change.
    Character is destiny.
    Much learning does not teach understanding.
    The sun is new each day.
    @ Socrates | -399
    The unexamined life is not worth living.
    I know that I know nothing.
    Be as you wish to seem.
    Wonder is the beginning of wisdom.
    Let him who would move the world first move himself.
    @ Plato | -347
    Be kind, for everyone you meet is fighting a harder battle.
    Necessity is the mother of invention.
    The beginning is the most important part of the work.
    Music gives a soul to the universe and wings to the mind.
    Courage is knowing what not to fear.
    Wise men speak because they have something to say.
    @ Aristotle | -322
    We are what we repeatedly do.
    Knowing yourself is the beginning of all wisdom.
    Patience is bitter, but its fruit is sweet.
    Quality is not an act, it is a habit.
    The whole is more than the sum of its parts.
    Well begun is half done.
    In all things of nature there is something of the marvelous.
    Hope is a waking dream.
    Pleasure in the job puts perfection in the work.
    @ Epicurus | -270
    Not what we have but what we enjoy constitutes our abundance.
    He who is not satisfied with a little is satisfied with nothing.
    The greater the difficulty, the more glory in surmounting it.
    @ Diogenes | -323
    The foundation of every state is the education of its youth.
    It is not that I am mad, it is only that my head is different from yours.
    @ Sophocles | -406
    Without labor nothing prospers.
    Wisdom is the supreme part of happiness.
    One word frees us of all the weight and pain of life. That word is love.
    @ Euripides | -406
    Friends show their love in times of trouble, not in happiness.
    Talk sense to a fool and he calls you foolish.
    Question everything. Learn something. Answer nothing.
    @ Sun Tzu | -496
    In the midst of chaos, there is also opportunity.
    Know yourself and you will win all battles.
    The supreme art of war is to subdue the enemy without fighting.
    @ Cicero | -43
    A room without books is like a body without a soul.
    While there is life, there is hope.
    Gratitude is the greatest of virtues and the parent of all the others.
    The life of the dead is placed in the memory of the living.
    If you have a garden and a library, you have everything you need.
    @ Publilius Syrus | -43
    Anyone can hold the helm when the sea is calm.
    Practice is the best of all instructors.
    It is a bad plan that admits of no modification.
    We desire nothing so much as what we ought not to have.
    Patience is a remedy for every sorrow.
    A rolling stone gathers no moss.
    @ Horace | -8
    Seize the day, put no trust in tomorrow.
    He who has begun has half done. Dare to be wise.
    Anger is a short madness.
    Adversity reveals genius, prosperity conceals it.
    @ Virgil | -19
    They can because they think they can.
    Fortune favors the bold.
    Love conquers all.
    Time flies.
    @ Ovid | 17
    Dripping water hollows out stone, not through force but persistence.
    Let your hook always be cast. In the pool where you least expect it, there will be a fish.
    Be patient and tough, one day this pain will be useful to you.
    Nothing is stronger than habit.
    Take rest, a field that has rested gives a bountiful crop.
    @ Seneca | 65
    Luck is what happens when preparation meets opportunity.
    Difficulties strengthen the mind, as labor does the body.
    While we are postponing, life speeds by.
    We suffer more often in imagination than in reality.
    Every new beginning comes from some other beginning's end.
    It is not that we have a short time to live, but that we waste a lot of it.
    Begin at once to live.
    As is a tale, so is life. Not how long it is, but how good it is.
    Wherever there is a human being, there is an opportunity for a kindness.
    True happiness is to enjoy the present.
    He who is brave is free.
    @ Plutarch | 119
    What we achieve inwardly will change outer reality.
    The mind is not a vessel to be filled, but a fire to be kindled.
    Character is simply habit long continued.
    @ Epictetus | 135
    It is not what happens to you, but how you react to it that matters.
    First say to yourself what you would be, and then do what you have to do.
    No man is free who is not master of himself.
    Wealth consists not in having great possessions, but in having few wants.
    We have two ears and one mouth so that we can listen twice as much as we speak.
    Only the educated are free.
    @ Marcus Aurelius | 180
    The happiness of your life depends upon the quality of your thoughts.
    Waste no more time arguing what a good man should be. Be one.
    Very little is needed to make a happy life.
    The best revenge is not to be like your enemy.
    You have power over your mind, not outside events.
    The soul becomes dyed with the color of its thoughts.
    Loss is nothing else but change, and change is nature's delight.
    Do every act of your life as though it were your last.
    Accept the things to which fate binds you.
    @ Saint Augustine | 430
    The world is a book, and those who do not travel read only a page.
    Patience is the companion of wisdom.
    Faith is to believe what you do not see.
    @ Rumi | 1273
    What you seek is seeking you.
    Let yourself be silently drawn by the strange pull of what you really love.
    Be like a tree and let the dead leaves drop.
    Raise your words, not voice. It is rain that grows flowers, not thunder.
    Yesterday I was clever, so I wanted to change the world.
    Wherever you are, and whatever you do, be in love.
    @ Dante Alighieri | 1321
    The secret of getting things done is to act.
    From a little spark may burst a flame.
    @ Geoffrey Chaucer | 1400
    Time and tide wait for no man.
    All good things must come to an end.
    @ Leonardo da Vinci | 1519
    Simplicity is the ultimate sophistication.
    Learning never exhausts the mind.
    Art is never finished, only abandoned.
    Where the spirit does not work with the hand, there is no art.
    I have been impressed with the urgency of doing.
    Nothing strengthens authority so much as silence.
    The noblest pleasure is the joy of understanding.
    Iron rusts from disuse.
    @ Erasmus | 1536
    In the land of the blind, the one-eyed man is king.
    Prevention is better than cure.
    @ Michelangelo | 1564
    I am still learning.
    Genius is eternal patience.
    The greater danger for most of us lies not in setting our aim too high.
    @ Michel de Montaigne | 1592
    The value of life lies not in the length of days, but in the use we make of them.
    He who fears he shall suffer, already suffers what he fears.
    My life has been full of terrible misfortunes, most of which never happened.
    There is no wish more natural than the wish to know.
    @ William Shakespeare | 1616
    All the world's a stage.
    To thine own self be true.
    We know what we are, but know not what we may be.
    The course of true love never did run smooth.
    Brevity is the soul of wit.
    Love all, trust a few, do wrong to none.
    It is not in the stars to hold our destiny but in ourselves.
    Better three hours too soon than a minute too late.
    Though she be but little, she is fierce.
    How far that little candle throws his beams!
    There is nothing either good or bad, but thinking makes it so.
    Our doubts are traitors.
    What's past is prologue.
    Be not afraid of greatness.
    The fool doth think he is wise.
    Parting is such sweet sorrow.
    Listen to many, speak to few.
    @ Miguel de Cervantes | 1616
    The journey is better than the inn.
    He who loses wealth loses much, but he who loses courage loses all.
    Until death, it is all life.
    Too much sanity may be madness.
    @ Francis Bacon | 1626
    Knowledge is power.
    A wise man will make more opportunities than he finds.
    Hope is a good breakfast, but it is a bad supper.
    Reading maketh a full man.
    Nature, to be commanded, must be obeyed.
    @ John Donne | 1631
    No man is an island.
    Love built on beauty, soon as beauty, dies.
    @ George Herbert | 1633
    Living well is the best revenge.
    He that lives in hope dances without music.
    One father is more than a hundred schoolmasters.
    @ Galileo Galilei | 1642
    All truths are easy to understand once they are discovered.
    Measure what is measurable.
    @ Rene Descartes | 1650
    I think, therefore I am.
    Divide each difficulty into as many parts as is feasible.
    Doubt is the origin of wisdom.
    @ Thomas Fuller | 1661
    It is always darkest just before the day dawneth.
    Be the first to the field and the last to the couch.
    Learning makes a man fit company for himself.
    @ Blaise Pascal | 1662
    The heart has its reasons which reason knows nothing of.
    Kind words do not cost much, yet they accomplish much.
    Small minds are concerned with the extraordinary.
    @ John Milton | 1674
    The mind is its own place.
    They also serve who only stand and wait.
    Long is the way and hard, that out of hell leads up to light.
    @ Baruch Spinoza | 1677
    Peace is not an absence of war, it is a virtue.
    All things excellent are as difficult as they are rare.
    @ La Rochefoucauld | 1680
    Absence diminishes small loves and increases great ones.
    We are never so easily deceived as when we imagine we are deceiving others.
    Nothing is impossible, there are ways that lead to everything.
    @ Isaac Newton | 1727
    If I have seen further it is by standing on the shoulders of giants.
    We build too many walls and not enough bridges.
    Tact is the art of making a point without making an enemy.
    @ Alexander Pope | 1744
    To err is human, to forgive divine.
    A little learning is a dangerous thing.
    Hope springs eternal in the human breast.
    Fools rush in where angels fear to tread.
    @ Jonathan Swift | 1745
    Vision is the art of seeing what is invisible to others.
    May you live all the days of your life.
    Everybody wants to live long, but no one wants to be old.
    @ Voltaire | 1778
    Perfect is the enemy of good.
    Judge a man by his questions rather than by his answers.
    Let us cultivate our garden.
    Common sense is not so common.
    Doubt is not a pleasant condition, but certainty is absurd.
    Each player must accept the cards life deals him.
    Writing is the painting of the voice.
    @ J.-J. Rousseau | 1778
    What wisdom can you find that is greater than kindness?
    @ Samuel Johnson | 1784
    Great works are performed not by strength but by perseverance.
    The future is purchased by the present.
    Curiosity is one of the certain characteristics of a vigorous mind.
    Hope is itself a species of happiness.
    What we hope ever to do with ease, we must learn first to do with diligence.
    @ Benjamin Franklin | 1790
    Well done is better than well said.
    An investment in knowledge pays the best interest.
    Early to bed and early to rise makes a man healthy, wealthy and wise.
    Lost time is never found again.
    Energy and persistence conquer all things.
    Tell me and I forget. Teach me and I remember. Involve me and I learn.
    Never leave that till tomorrow which you can do today.
    By failing to prepare, you are preparing to fail.
    Diligence is the mother of good luck.
    Little strokes fell great oaks.
    Honesty is the best policy.
    A penny saved is a penny earned.
    Have you somewhat to do tomorrow? Do it today.
    @ Wolfgang Mozart | 1791
    Neither a lofty degree of intelligence nor imagination makes genius. Love does.
    @ Robert Burns | 1796
    The best laid schemes of mice and men often go awry.
    @ Edmund Burke | 1797
    Nobody made a greater mistake than he who did nothing because he could do little.
    Example is the school of mankind.
    Never despair, but if you do, work on in despair.
    @ George Washington | 1799
    It is better to offer no excuse than a bad one.
    Happiness and moral duty are inseparably connected.
    Be courteous to all, but intimate with few.
    @ Immanuel Kant | 1804
    Science is organized knowledge. Wisdom is organized life.
    Dare to know!
    @ Friedrich Schiller | 1805
    Live with your century but do not be its creature.
    Dare to err and to dream.
    @ Thomas Paine | 1809
    These are the times that try men's souls.
    The harder the conflict, the more glorious the triumph.
    Lead, follow, or get out of the way.
    @ Jane Austen | 1817
    There is no charm equal to tenderness of heart.
    I declare after all there is no enjoyment like reading!
    Indulge your imagination in every possible flight.
    Know your own happiness.
    @ John Keats | 1821
    A thing of beauty is a joy for ever.
    Nothing ever becomes real till it is experienced.
    Beauty is truth, truth beauty.
    @ Napoleon Bonaparte | 1821
    Impossible is a word to be found only in the dictionary of fools.
    Victory belongs to the most persevering.
    Courage is like love, it must have hope for nourishment.
    @ Percy Bysshe Shelley | 1822
    If winter comes, can spring be far behind?
    Poets are the unacknowledged legislators of the world.
    @ Lord Byron | 1824
    The best prophet of the future is the past.
    Adversity is the first path to truth.
    There is pleasure in the pathless woods.
    @ Thomas Jefferson | 1826
    I find that the harder I work, the more luck I seem to have.
    Honesty is the first chapter in the book of wisdom.
    I cannot live without books.
    Do you want to know who you are? Act!
    Nothing can stop the man with the right mental attitude.
    @ John Adams | 1826
    Facts are stubborn things.
    Let us dare to read, think, speak and write.
    @ William Blake | 1827
    The road of excess leads to the palace of wisdom.
    What is now proved was once only imagined.
    To see a world in a grain of sand.
    Energy is eternal delight.
    @ Ludwig van Beethoven | 1827
    Music is the wine that fills the cup of silence.
    To play a wrong note is insignificant. To play without passion is inexcusable.
    @ J. W. von Goethe | 1832
    Whatever you can do or dream you can, begin it.
    Knowing is not enough, we must apply.
    Nothing is worth more than this day.
    Magic is believing in yourself.
    The way you see people is the way you treat them.
    Everything is hard before it is easy.
    One ought, every day at least, to hear a little song.
    Talent is nurtured in solitude.
    Tell me with whom you associate, and I will tell you who you are.
    @ Walter Scott | 1832
    Oh, what a tangled web we weave, when first we practise to deceive!
    @ S. T. Coleridge | 1834
    Advice is like snow, the softer it falls the longer it dwells.
    Common sense in an uncommon degree is what the world calls wisdom.
    """
}
