import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * The two articles the shop opened with, as they were written in the web app's words and routes
 * (2026-11-28): a copy of their own, so that this migration writes the same rows whatever the
 * code becomes. Their text in the panel's format: a `## ` line is a heading, an empty line ends a
 * paragraph.
 */
const FIRST_ARTICLES: {
  slug: { fr: string; en: string };
  cover: string;
  tone: string;
  date: string;
  readMinutes: number;
  words: Record<"fr" | "en", unknown>;
}[] = [
  {
    slug: {
      fr: "tissus-marocains-traditionnels",
      en: "traditional-moroccan-fabrics",
    },
    cover: "/images/magazine/moroccan-fabrics.svg",
    tone: "terracotta",
    date: "2025-09-15",
    readMinutes: 4,
    words: {
      fr: {
        title: "Les tissus marocains traditionnels",
        metaDescription:
          "Jacquard, motifs floraux, couleurs : découvrez les tissus d'ameublement marocains dans lesquels sont taillés les sacs banane SOULS, et comment les entretenir.",
        category: "Matériaux",
        excerpt:
          "Du métier à tisser aux banquettes des salons, petite histoire du jacquard marocain, de ses fleurs et de ses couleurs, et de la façon dont nous le choisissons pour nos sacs.",
        intro:
          "Avant d'être un sac, chaque pièce SOULS est un métrage de tissu : un jacquard d'ameublement marocain, épais, coloré, fleuri, de ceux qui recouvrent les banquettes et les coussins des salons. Voici ce que nous savons de ces étoffes, ce qui nous attire en elles et la manière dont nous les choisissons.",
        body: "## Le jacquard, un motif né du tissage\n\nLe jacquard n'est pas un imprimé : son motif naît du tissage lui-même. Sur le métier, chaque fil de chaîne peut être levé ou abaissé indépendamment des autres, ce qui permet aux fils de couleurs différentes d'apparaître à la surface exactement là où le dessin l'exige. Le nom vient du mécanisme mis au point au début du XIXe siècle par le Lyonnais Joseph Marie Jacquard, qui automatisa un travail jusque-là confié à des tireurs de lacs, penchés au-dessus du métier.\n\nAu Maroc, l'art du tissage est bien plus ancien que ce mécanisme. Fès est réputée de longue date pour ses soieries et ses brocarts, Rabat pour ses tapis et ses broderies, tandis que les campagnes perpétuaient leurs propres traditions : tapis, couvertures, ceintures tissées. Les jacquards d'ameublement que l'on trouve aujourd'hui dans les souks prolongent ce goût pour les étoffes riches et travaillées, qui habillent les salons marocains d'une génération à l'autre.\n\n## Des fleurs et des couleurs\n\nLes fleurs dominent le répertoire de ces tissus. Roses épanouies, rinceaux, feuillages : elles évoquent les jardins intérieurs et l'ornementation que l'on retrouve, sous d'autres formes, dans le stuc, le bois sculpté ou le zellige. Le dessin est souvent généreux, répété en larges rapports, pensé pour couvrir une banquette entière plutôt qu'un petit objet.\n\nLes couleurs vont de l'intense au plus doux. Les fonds dorés accrochent la lumière des pièces de réception ; les bleus, du turquoise au pastel, rappellent la céramique et les murs peints ; les jaunes tirent vers le safran ou l'ocre. Nous nous gardons de prêter à chaque teinte une signification précise, ce serait inventer. Mais elles ont en commun une chaleur qui dit l'accueil et les jours de fête, et c'est elle que nous aimons retrouver dans un sac.\n\n## Pourquoi un tissu d'ameublement fait un bon sac\n\nUn tissu destiné à recouvrir un canapé doit résister au frottement, aux années et à l'usage quotidien. Son tissage est dense, ses fils serrés, son poids supérieur à celui d'un tissu d'habillement. Ce sont exactement les qualités que l'on attend d'un sac porté tous les jours, qui frotte contre un manteau, se pose sur une terrasse ou voyage au fond d'une valise.\n\nLe jacquard a aussi une tenue naturelle : il garde sa forme tout en restant souple sous la main, et son relief dissimule mieux qu'un tissu lisse les petites marques du quotidien. Associé à une doublure 100 % coton, à une fermeture et une boucle en métal et à des détails en cuir, il donne un sac robuste et pourtant léger, environ 250 g.\n\n## Comment nous choisissons chaque métrage\n\nNous achetons nos tissus en petites quantités, souvent quelques mètres seulement d'un même dessin. C'est ce qui explique nos séries limitées : quand le métrage est épuisé, le modèle l'est aussi. Nous regardons d'abord la couleur à la lumière du jour, puis la densité du tissage, la netteté du motif et la régularité de l'envers. Un beau tissu ne suffit pas toujours : si son dessin est trop grand pour rester lisible une fois coupé, nous préférons le laisser à d'autres usages.\n\nVient ensuite la question de l'échelle. Un motif pensé pour un canapé ne se lit pas de la même façon sur un sac de 35 cm de large. À la coupe, nous plaçons le patron de manière à ce qu'une fleur, une broderie ou un jeu de couleurs trouve sa place sur la face avant. C'est aussi pour cela que deux sacs d'un même modèle ne sont jamais tout à fait identiques.\n\n## Entretenir son jacquard\n\nLe jacquard demande peu de soins, mais quelques bons gestes. Dépoussiérez-le de temps en temps avec une brosse douce. En cas de tache, tamponnez sans frotter avec un linge légèrement humide et un savon doux, puis laissez sécher à plat, à l'air libre.\n\nÉvitez la machine à laver, le sèche-linge et le fer posé directement sur le motif, qui pourraient écraser le relief du tissage. Tenez les détails en cuir à l'écart de l'eau. Entre deux sorties, rangez votre sac dans sa pochette en satin, à l'abri du soleil direct, pour préserver l'éclat des couleurs. S'il a pris la pluie, videz-le, redonnez-lui sa forme à la main et laissez-le sécher loin d'un radiateur.",
        tip: {
          title: "Le conseil SOULS",
          text: "Avant de traiter une tache, faites toujours un essai sur une petite zone peu visible, par exemple le dessous du sac. Chaque jacquard réagit un peu différemment selon ses fils et ses teintures.",
        },
        faq: [
          {
            question: "Quelle différence entre un jacquard et un tissu imprimé ?",
            answer:
              "Dans un tissu imprimé, le motif est appliqué à la surface une fois le tissu fabriqué. Dans un jacquard, il est construit par l'entrecroisement des fils eux-mêmes : il ne s'efface pas à l'usage et présente souvent un léger relief.",
          },
          {
            question: "Un jacquard d'ameublement n'est-il pas trop lourd pour un sac ?",
            answer:
              "Il est plus dense qu'un tissu d'habillement, mais un sac SOULS pèse environ 250 g. Le tissu apporte de la tenue sans alourdir l'ensemble.",
          },
          {
            question: "Pourquoi les séries sont-elles si limitées ?",
            answer:
              "Parce que nous travaillons à partir de métrages courts, choisis un à un. Un même tissu ne permet de réaliser que quelques sacs ; une fois épuisé, il est rare de pouvoir le retrouver à l'identique.",
          },
        ],
        coverAlt: "Rouleaux et coupons de jacquard marocain à motifs floraux, posés sur une table",
      },
      en: {
        title: "Traditional Moroccan fabrics",
        metaDescription:
          "Jacquard weaving, floral motifs, color: discover the Moroccan upholstery fabrics our SOULS fanny packs are cut from, and how to look after them.",
        category: "Materials",
        excerpt:
          "From the loom to the benches of a Moroccan salon: a short history of jacquard, its flowers and colors, and how we choose it for our bags.",
        intro:
          "Before it becomes a bag, every SOULS piece is a length of fabric: a Moroccan upholstery jacquard, thick, colorful and full of flowers, the kind that covers the benches and cushions of a salon. Here is what we know about these cloths, what draws us to them, and how we choose them.",
        body: "## Jacquard: a pattern born in the weave\n\nJacquard is not a print: its pattern comes from the weaving itself. On the loom, each warp thread can be raised or lowered independently of the others, so threads of different colors come to the surface exactly where the design calls for them. The name comes from the mechanism developed in the early nineteenth century by Joseph Marie Jacquard of Lyon, which automated work previously done by draw boys perched above the loom.\n\nIn Morocco, the art of weaving is far older than that mechanism. Fez has long been known for its silks and brocades, Rabat for its rugs and embroidery, while the countryside kept its own traditions alive: rugs, blankets, woven belts. The upholstery jacquards found in the souks today carry on that taste for rich, elaborate cloth, the kind that furnishes Moroccan salons from one generation to the next.\n\n## Flowers and colors\n\nFlowers dominate the repertoire of these fabrics. Full-blown roses, scrolling stems, foliage: they call to mind enclosed gardens and the ornament found, in other forms, in carved plaster, carved wood and zellige tilework. The design is often generous, repeated on a large scale, meant to cover a whole bench rather than a small object.\n\nThe colors run from intense to gentle. Golden grounds catch the light in reception rooms; blues, from turquoise to pastel, recall ceramics and painted walls; yellows lean toward saffron or ochre. We are careful not to assign a precise meaning to each shade, as that would be making things up. But they share a warmth that speaks of welcome and celebration, and that is what we like to find again in a bag.\n\n## Why upholstery fabric makes a good bag\n\nA fabric meant to cover a sofa has to stand up to rubbing, to years of use, to everyday life. Its weave is dense, its threads tight, its weight greater than that of a dress fabric. These are exactly the qualities you want in a bag worn every day, one that brushes against a coat, gets set down on a café terrace or travels at the bottom of a suitcase.\n\nJacquard also has natural body: it holds its shape while staying supple in the hand, and its texture hides the small marks of daily life better than a smooth cloth. Paired with a 100% cotton lining, a metal zipper and buckle and leather details, it makes a bag that is sturdy and yet light, about 250 g.\n\n## How we choose each length of fabric\n\nWe buy our fabrics in small quantities, often just a few meters of a given design. That is why our series are limited: when the fabric runs out, so does the model. We look first at the color in daylight, then at the density of the weave, the crispness of the pattern and the evenness of the reverse side. A beautiful fabric is not always enough: if its design is too large to read once cut, we would rather leave it for other uses.\n\nThen comes the question of scale. A pattern drawn for a sofa does not read the same way on a bag 35 cm wide. When cutting, we place the pattern piece so that a flower, a stretch of embroidery or a play of colors finds its place on the front. That is also why two bags of the same model are never quite identical.\n\n## Caring for your jacquard\n\nJacquard needs little care, just a few good habits. Go over it with a soft brush from time to time. If it gets stained, dab without rubbing, using a slightly damp cloth and mild soap, then let it dry flat in the open air.\n\nAvoid the washing machine, the dryer and a hot iron directly on the pattern, all of which can flatten the texture of the weave. Keep the leather details away from water. Between outings, store your bag in its satin dust bag, out of direct sunlight, to keep the colors bright. If it has been caught in the rain, empty it, reshape it by hand and let it dry away from any radiator.",
        tip: {
          title: "The SOULS tip",
          text: "Before treating a stain, always test on a small, hidden area first, such as the underside of the bag. Every jacquard reacts a little differently depending on its threads and dyes.",
        },
        faq: [
          {
            question: "What is the difference between jacquard and a printed fabric?",
            answer:
              "On a printed fabric, the pattern is applied to the surface once the cloth is made. In a jacquard, it is built by the interlacing of the threads themselves: it does not wear off with use and often has a slight relief.",
          },
          {
            question: "Isn't upholstery jacquard too heavy for a bag?",
            answer:
              "It is denser than a dress fabric, but a SOULS bag weighs about 250 g. The fabric gives it structure without weighing it down.",
          },
          {
            question: "Why are the series so limited?",
            answer:
              "Because we work from short lengths of fabric, chosen one by one. A single fabric yields only a few bags, and once it runs out, it is rare to find exactly the same one again.",
          },
        ],
        coverAlt: "Rolls and swatches of Moroccan jacquard with floral patterns, laid out on a table",
      },
    },
  },
  {
    slug: {
      fr: "comment-porter-sac-banane-style",
      en: "how-to-wear-fanny-pack-with-style",
    },
    cover: "/images/magazine/fanny-pack-style.svg",
    tone: "olive",
    date: "2025-10-06",
    readMinutes: 5,
    words: {
      fr: {
        title: "Comment porter le sac banane avec style",
        metaDescription:
          "En bandoulière sur un manteau, à la taille avec un pantalon taille haute, en voyage ou le soir : nos idées pour porter un sac banane en jacquard avec style.",
        category: "Style",
        excerpt:
          "En bandoulière, à la taille, en voyage ou pour sortir le soir : quelques pistes simples pour adopter le sac banane et accorder son motif à vos tenues.",
        intro:
          "Le sac banane a quitté depuis longtemps les seuls sentiers de randonnée pour entrer dans les garde-robes de ville. Pratique, il libère les mains ; bien porté, il devient une vraie pièce de caractère, surtout lorsqu'il est taillé dans un jacquard fleuri. Voici nos façons préférées de le porter, du matin au soir.",
        body: "## En bandoulière, sur un manteau ou une chemise\n\nC'est la manière la plus actuelle de le porter : passé sur une épaule, le sac repose en travers du buste, sur la poitrine ou dans le dos. Sur un manteau de laine camel, un trench ou une veste en jean, le jacquard apporte un point de couleur là où on ne l'attend pas. Pour les épaisseurs d'hiver, allongez la sangle vers 110 ou 120 cm.\n\nÀ la mi-saison, sur une chemise blanche ou un pull fin, raccourcissez-la pour que le sac remonte haut sur la poitrine. La silhouette reste nette, le sac bien tenu, et tout ce qui compte est à portée de main, sans avoir à fouiller au fond d'un cabas. Porté dans le dos, il se fait presque oublier ; ramené sur la poitrine, il devient un accessoire à part entière.\n\n## À la taille, avec un pantalon taille haute ou une robe\n\nPorté à la taille, le sac banane retrouve sa fonction première, mais gagne en élégance. Sur un pantalon taille haute, un jean droit ou un pantalon à pinces, placez-le légèrement décentré, sur la hanche : il souligne la taille comme le ferait une ceinture et allonge la jambe.\n\nSur une robe, l'idée change un peu. Une robe chemise en lin, une robe droite en maille ou une robe longue et fluide en été : le sac cintre la silhouette et remplace la pochette. La sangle, réglable de 70 à 120 cm, permet de l'ajuster au plus près selon la matière et la coupe.\n\n## En voyage et en ville\n\nEn voyage, c'est l'allié des longues journées : passeport, téléphone, cartes, clés et lunettes de soleil y trouvent leur place, tout près de soi. Avec ses 35 x 20 x 8 cm, il offre assez de volume sans encombrer et se glisse facilement sous le siège d'un avion ou sur les genoux dans un train. Gardez le passeport et les cartes au fond, le téléphone sur le dessus : vous n'aurez rien à chercher au moment d'embarquer.\n\nEn ville, il accompagne le marché du samedi, les expositions, les trajets à vélo. Porté devant, la fermeture contre le corps, il complique la tâche des pickpockets dans la foule. Et parce que le jacquard d'ameublement résiste bien au frottement, il ne craint pas les journées bien remplies.\n\n## Un sac à motif, une tenue sobre\n\nLa règle la plus simple est aussi la plus sûre : un motif fort se porte avec des pièces unies. Laissez parler le jacquard et construisez le reste de la tenue autour de deux ou trois teintes calmes, blanc, écru, beige, bleu marine, noir ou denim. Reprenez ensuite une couleur du sac dans un détail : un foulard, une paire de chaussures, un rouge à lèvres.\n\nChaque modèle a ses affinités. Aicha, avec son fond doré et ses fleurs roses et vertes, s'accorde au blanc cassé, au camel, au kaki ou à un vert sauge. Nadia et son bleu turquoise aiment le blanc franc, le denim brut et une touche de rouge qui rappelle sa fleur. Bilin, jaune et fleuri, illumine le gris, le marine ou le noir, et trouve un allié naturel dans le lin écru. Ilian, d'un bleu pastel très doux, se porte ton sur ton avec des bleus clairs, ou en contraste avec le beige, le chocolat et le blanc.\n\n## Du jour au soir\n\nLe même sac peut accompagner une journée entière. Le matin, en bandoulière sur une chemise et un jean ; le soir, on raccourcit la sangle et on le porte à la taille sur une robe noire ou un tailleur-pantalon. Avec ses reflets et son relief, le jacquard prend une autre allure à la lumière du soir.\n\nPour sortir, allégez son contenu : un téléphone, une carte, un rouge à lèvres, des clés. Le sac garde ainsi une ligne plate et élégante. Choisissez des bijoux qui répondent au métal de la fermeture et de la boucle, et laissez le motif jouer le premier rôle. Pour un dîner d'été en terrasse, il se porte aussi sur une robe légère en lin avec des sandales plates : simple, et pourtant soigné.",
        tip: {
          title: "Le conseil SOULS",
          text: "Réglez la sangle devant un miroir, avec la tenue du jour. En bandoulière, le haut du sac doit arriver à peu près à hauteur de poitrine ; à la taille, il doit tenir sans glisser sur la hanche. Quelques centimètres suffisent à changer toute une allure.",
        },
        faq: [
          {
            question: "Peut-on porter un sac banane à motifs avec une tenue imprimée ?",
            answer:
              "Oui, à condition de garder une couleur commune aux deux imprimés et de jouer sur les échelles : de fines rayures ou de petits pois se marient mieux avec un grand motif floral qu'un autre imprimé fleuri.",
          },
          {
            question: "Le sac banane convient-il à une tenue habillée ?",
            answer:
              "Tout à fait. Porté à la taille sur une robe ou un tailleur, avec un contenu réduit, un sac en jacquard a la présence d'une pochette de soirée tout en vous laissant les mains libres.",
          },
          {
            question: "Quelle longueur de sangle choisir pour un port en bandoulière ?",
            answer:
              "Cela dépend de votre morphologie et de l'épaisseur de vos vêtements. Comptez en général entre 100 et 120 cm sur un manteau, un peu moins sur une chemise. La sangle se règle de 70 à 120 cm : vous pouvez donc l'adapter à chaque tenue.",
          },
        ],
        coverAlt:
          "Mise en scène à plat d'un sac banane en jacquard avec une chemise en lin, des lunettes de soleil et un chapeau de paille",
      },
      en: {
        title: "How to wear a fanny pack with style",
        metaDescription:
          "Crossbody over a coat, at the waist with high-waisted trousers, on the road or in the evening: our ideas for wearing a jacquard fanny pack with style.",
        category: "Style",
        excerpt:
          "Crossbody, at the waist, on the road or out in the evening: a few simple ideas for wearing a fanny pack and matching its pattern to your outfits.",
        intro:
          "The fanny pack left the hiking trail behind a long time ago and found its way into city wardrobes. It is practical, because it frees your hands; worn well, it becomes a real statement piece, especially when it is cut from a floral jacquard. Here are our favorite ways to wear it, from morning to night.",
        body: "## Crossbody, over a coat or a shirt\n\nThis is the most current way to wear it: slung over one shoulder, the bag sits across the body, on the chest or on the back. Over a camel wool coat, a trench or a denim jacket, the jacquard adds a touch of color where no one expects it. For winter layers, let the strap out to around 110 or 120 cm.\n\nIn spring and autumn, over a white shirt or a fine sweater, shorten it so the bag sits high on the chest. The silhouette stays clean, the bag stays put, and everything that matters is within reach, with no digging at the bottom of a tote. Worn on the back, it almost disappears; brought around to the front, it becomes an accessory in its own right.\n\n## At the waist, with high-waisted trousers or a dress\n\nWorn at the waist, the fanny pack goes back to its original purpose but gains in elegance. With high-waisted trousers, straight-leg jeans or pleated pants, place it slightly off-center, on the hip: it defines the waist the way a belt would and lengthens the leg.\n\nWith a dress, the idea shifts a little. A linen shirt dress, a straight knit dress, a long, flowing dress in summer: the bag cinches the silhouette and takes the place of a clutch. The strap adjusts from 70 to 120 cm, so you can fit it closely to suit the fabric and the cut.\n\n## On the road and around town\n\nWhen traveling, it is the ally of long days: passport, phone, cards, keys and sunglasses all fit, right there with you. At 35 x 20 x 8 cm, it has enough room without being bulky, and it slips easily under a plane seat or onto your lap on a train. Keep your passport and cards at the bottom and your phone on top, and you will have nothing to hunt for at the boarding gate.\n\nIn town, it comes along to the Saturday market, to exhibitions, on bike rides. Worn at the front with the zipper against your body, it makes life harder for pickpockets in a crowd. And because upholstery jacquard stands up well to rubbing, it is not afraid of busy days.\n\n## A patterned bag, a simple outfit\n\nThe simplest rule is also the safest: a bold pattern goes with solid pieces. Let the jacquard do the talking and build the rest of the outfit around two or three quiet shades, such as white, ecru, beige, navy, black or denim. Then pick up one color from the bag in a detail: a scarf, a pair of shoes, a lipstick.\n\nEach model has its own affinities. Aicha, with its golden ground and pink and green flowers, pairs well with off-white, camel, khaki or sage green. Nadia and its turquoise blue love crisp white, raw denim and a touch of red that echoes its flower. Bilin, yellow and floral, brightens gray, navy or black, and finds a natural partner in undyed linen. Ilian, a very soft pastel blue, works tone on tone with light blues, or in contrast with beige, chocolate brown and white.\n\n## From day to evening\n\nThe same bag can see you through a whole day. In the morning, crossbody over a shirt and jeans; in the evening, shorten the strap and wear it at the waist over a black dress or a pantsuit. With its sheen and texture, jacquard takes on a different look in evening light.\n\nWhen you go out, lighten the load: a phone, a card, a lipstick, your keys. That way the bag keeps a flat, elegant line. Choose jewelry that echoes the metal of the zipper and buckle, and let the pattern take the lead. For a summer dinner on a terrace, it also works over a light linen dress with flat sandals: simple, yet polished.",
        tip: {
          title: "The SOULS tip",
          text: "Adjust the strap in front of a mirror, wearing the outfit of the day. Worn crossbody, the top of the bag should sit roughly at chest height; at the waist, it should stay in place without sliding down the hip. A few centimeters can change the whole look.",
        },
        faq: [
          {
            question: "Can I wear a patterned fanny pack with a printed outfit?",
            answer:
              "Yes, as long as the two prints share a color and differ in scale: fine stripes or small polka dots go better with a large floral pattern than another flower print does.",
          },
          {
            question: "Does a fanny pack work with a dressy outfit?",
            answer:
              "Absolutely. Worn at the waist over a dress or a suit, with only the essentials inside, a jacquard bag has the presence of an evening clutch while leaving your hands free.",
          },
          {
            question: "How long should the strap be for crossbody wear?",
            answer:
              "It depends on your build and on how many layers you are wearing. As a rule, allow 100 to 120 cm over a coat and a little less over a shirt. The strap adjusts from 70 to 120 cm, so you can adapt it to every outfit.",
          },
        ],
        coverAlt: "Styled flat lay of a jacquard fanny pack with a linen shirt, sunglasses and a straw hat",
      },
    },
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The magazine's articles (decision 052), written by the owner in both languages: at an address
  // of her choosing in each (unique), her words (title, category, text, tip, FAQ… one JSON object
  // per language, checked by the admin API), a cover photo taken like a series' picture (its cuts
  // below, served under /photos), the articles it invites to read next, and its status. A
  // published or scheduled article has its moment: shoppers see it from then on; a draft never.
  await sql`
    CREATE TABLE articles (
      id serial PRIMARY KEY,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'scheduled')),
      publish_at timestamptz,
      slug_fr text NOT NULL CHECK (slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug_fr) BETWEEN 3 AND 80),
      slug_en text NOT NULL CHECK (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug_en) BETWEEN 3 AND 80),
      words_fr jsonb NOT NULL,
      words_en jsonb NOT NULL,
      tone text NOT NULL DEFAULT 'terracotta' CHECK (tone IN ('terracotta', 'olive')),
      read_minutes integer CHECK (read_minutes BETWEEN 1 AND 120),
      also_read integer[] NOT NULL DEFAULT '{}' CHECK (cardinality(also_read) <= 3),
      cover_source text,
      cover_width integer CHECK (cover_width > 0),
      cover_height integer CHECK (cover_height > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status = 'draft' OR publish_at IS NOT NULL),
      CHECK ((cover_source IS NULL) = (cover_width IS NULL) AND (cover_source IS NULL) = (cover_height IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX articles_slug_fr_idx ON articles (slug_fr)`.execute(db);
  await sql`CREATE UNIQUE INDEX articles_slug_en_idx ON articles (slug_en)`.execute(db);
  // An address an article had before she changed it: it answers a 301 to the article's current
  // one, for the links already shared.
  await sql`
    CREATE TABLE article_addresses (
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      slug text NOT NULL,
      article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
      PRIMARY KEY (locale, slug)
    )`.execute(db);
  await sql`
    CREATE TABLE article_cover_files (
      article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
      format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (article_id, format, width)
    )`.execute(db);
  // The panel's history of each article: who wrote, published, scheduled or withdrew it, and when.
  await sql`
    CREATE TABLE article_events (
      id serial PRIMARY KEY,
      article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('created', 'saved', 'published', 'scheduled', 'unpublished', 'cover_set', 'cover_removed')),
      actor_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX article_events_article_idx ON article_events (article_id, id)`.execute(db);
  // The magazine's pages are kept like the catalogue's: a change empties every server's kept pages.
  for (const table of ["articles", "article_addresses"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_notify`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.raw(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
  }

  const ids: number[] = [];
  for (const article of FIRST_ARTICLES) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO articles (status, publish_at, slug_fr, slug_en, words_fr, words_en, tone, read_minutes,
        cover_source, cover_width, cover_height)
      VALUES ('published', (${article.date}::date + time '09:00') AT TIME ZONE 'Europe/Paris',
        ${article.slug.fr}, ${article.slug.en}, ${JSON.stringify(article.words.fr)}::jsonb,
        ${JSON.stringify(article.words.en)}::jsonb, ${article.tone}, ${article.readMinutes},
        ${article.cover}, 1600, 900)
      RETURNING id`.execute(db);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error("article not inserted");
    ids.push(id);
    await sql`INSERT INTO article_events (article_id, kind, actor_name) VALUES (${id}, 'published', NULL)`.execute(
      db,
    );
  }
  // Each of the two invites to read the other.
  const [first, second] = ids;
  await sql`UPDATE articles SET also_read = ARRAY[${second}]::integer[] WHERE id = ${first}`.execute(db);
  await sql`UPDATE articles SET also_read = ARRAY[${first}]::integer[] WHERE id = ${second}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE article_events, article_cover_files, article_addresses, articles`.execute(db);
}
