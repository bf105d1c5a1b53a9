/**
 * The first collection as it was launched: its series and its four models with their words in
 * both languages, their addresses and their drawings. Data, not code: the seed creates it on a new
 * database (the catalogue migration, which gave it to a shop that already sold these models, keeps
 * its own frozen copy: editing this file never changes what it did). The owner changes all of it
 * from the panel; nothing reads this file at run time.
 */
import type { Locale } from "@souls/core/locales";
import { type Kysely, sql } from "kysely";

export interface LaunchModelTexts {
  path: string;
  tagline: string;
  cardDescription: string;
  shortDescription: string;
  longDescription: string;
  materials: Record<"fabric" | "embroidery" | "hardware" | "lining" | "leather", string>;
  craftsmanship: string;
  heritage: string;
  faq: { question: string; answer: string }[];
  dimensions: string;
  weight: string;
  strap: string;
  care: string;
  safety: string;
}

export interface LaunchModel {
  code: string;
  reference: string;
  name: string;
  priceCents: number;
  stock: number;
  position: number;
  texts: Record<Locale, LaunchModelTexts>;
  /** The launch drawings, files of the site's own. */
  photos: { source: string; width: number; height: number; alt: Record<Locale, string> }[];
}

/** What every model of the collection shares: the same cut, strap, care and safety notes. */
const MAKE: Record<Locale, Pick<LaunchModelTexts, "dimensions" | "weight" | "strap" | "care" | "safety">> = {
  fr: {
    dimensions: "35 cm x 20 cm x 8 cm",
    weight: "Environ 250 g",
    strap: "Réglable de 70 à 120 cm",
    care: "Dépoussiérer avec une brosse douce ; traiter une tache en tamponnant avec un linge humide et un peu de savon doux, sans frotter. Ni machine à laver, ni sèche-linge, ni pressing. Ranger dans sa pochette en satin, à l'abri du soleil et de l'humidité.",
    safety:
      "Ne convient pas aux enfants de moins de 3 ans : la tirette et la boucle sont de petites pièces, et la sangle ne doit pas être laissée autour du cou d'un enfant. Tenir éloigné des flammes et des sources de chaleur.",
  },
  en: {
    dimensions: "35 cm x 20 cm x 8 cm",
    weight: "About 250 g",
    strap: "Adjustable from 70 to 120 cm",
    care: "Dust with a soft brush; treat a stain by dabbing with a damp cloth and a little mild soap, without rubbing. No washing machine, tumble dryer or dry cleaning. Store in its satin pouch, away from sunlight and damp.",
    safety:
      "Not suitable for children under 3: the zip puller and the buckle are small parts, and the strap must never be left around a child's neck. Keep away from flames and heat sources.",
  },
};

export const LAUNCH_SERIES = {
  title: {
    fr: "Première collection",
    en: "First collection",
  },
  subtitle: {
    fr: "Quatre sacs banane taillés dans des jacquards marocains d'ameublement, cousus et finis à la main au Portugal. Chaque pièce est unique.",
    en: "Four fanny packs cut from Moroccan upholstery jacquard, sewn and finished by hand in Portugal. Every piece is unique.",
  },
} as const;

export const LAUNCH_MODELS: readonly LaunchModel[] = [
  {
    code: "aicha",
    reference: "Aicha-01",
    name: "Aicha",
    priceCents: 16900,
    stock: 40,
    position: 1,
    texts: {
      fr: {
        path: "/produit/sac-banane-aicha",
        tagline: "Jacquard doré, fleurs roses et broderie berbère",
        cardDescription:
          "Un jacquard marocain doré où s'ouvrent des fleurs roses et vertes, relevé d'une broderie berbère : un sac banane unique.",
        shortDescription:
          "Le modèle Aicha est taillé dans un jacquard marocain doré, semé de fleurs roses et vertes et relevé d'une broderie berbère. Chaque sac est une pièce unique, cousue et finie à la main dans notre atelier au Portugal.",
        longDescription:
          "Aicha réunit ce que nous aimons le plus dans les tissus d'ameublement marocains : un fond doré qui accroche la lumière, des fleurs roses et vertes au dessin généreux et une broderie berbère qui souligne l'ensemble. Épais et serré, le jacquard donne au sac une tenue franche sans le rendre rigide. Doublé de coton, fermé par une fermeture éclair en métal à tirette en cuir, il se porte à la taille ou en bandoulière, en ville comme en voyage.",
        materials: {
          fabric: "Jacquard d'ameublement marocain, fond doré à fleurs roses et vertes",
          embroidery: "Broderie berbère en contrepoint du motif floral",
          hardware: "Fermeture éclair et boucle de sangle en métal",
          lining: "100 % coton, souple et résistante",
          leather: "Tirette de fermeture et embouts de sangle en cuir",
        },
        craftsmanship:
          "Chaque Aicha commence à la table de coupe : le patron est placé à la main sur le jacquard pour que les fleurs et la broderie trouvent leur place sur la face avant. Dans notre atelier au Portugal, les pièces sont ensuite assemblées une à une, la doublure en coton est montée, puis la fermeture éclair est posée avec sa tirette en cuir. Coutures, angles et surpiqûres sont vérifiés à la main avant que le sac ne rejoigne sa pochette en satin.",
        heritage:
          "Les fleurs sur fond doré appartiennent depuis longtemps au répertoire des tissus d'ameublement marocains, ceux qui habillent les banquettes des salons et les coussins des jours de fête. La broderie berbère relève d'une autre histoire, plus rurale, faite de savoir-faire transmis de main en main. Aicha rapproche ces deux traditions sans prétendre les reproduire, simplement pour les emporter avec soi au quotidien.",
        faq: [
          {
            question: "Mon sac sera-t-il identique à celui de la photo ?",
            answer:
              "Pas tout à fait, et c'est voulu. Chaque sac est coupé individuellement dans le jacquard : la position des fleurs et de la broderie varie donc d'une pièce à l'autre. Les couleurs et le caractère du modèle restent les mêmes, mais votre Aicha sera unique.",
          },
          {
            question: "Comment entretenir mon sac ?",
            answer:
              "Dépoussiérez le jacquard de temps en temps avec une brosse douce et traitez les petites taches localement, en tamponnant sans frotter avec un linge humide et un peu de savon doux. Évitez la machine à laver et le sèche-linge, qui abîmeraient le tissu et les détails en cuir. Rangé dans sa pochette en satin, votre sac vous accompagnera longtemps.",
          },
          {
            question: "Peut-on le porter en bandoulière ?",
            answer:
              "Oui. La sangle se règle de 70 à 120 cm : assez courte pour porter le sac à la taille, assez longue pour le passer en bandoulière, sur un manteau comme sur une chemise.",
          },
          {
            question: "Que peut-on ranger à l'intérieur ?",
            answer:
              "Avec ses 35 x 20 x 8 cm, Aicha accueille sans peine un smartphone, un porte-cartes, des clés, une paire de lunettes de soleil et quelques petits objets du quotidien. Le sac reste léger : environ 250 g à vide.",
          },
        ],
        ...MAKE.fr,
      },
      en: {
        path: "/en/product/aicha-fanny-pack",
        tagline: "Golden jacquard, pink flowers, Berber embroidery",
        cardDescription:
          "Golden Moroccan jacquard blooming with pink and green flowers and finished with Berber embroidery: a fanny pack like no other.",
        shortDescription:
          "Aicha is cut from golden Moroccan jacquard scattered with pink and green flowers and set off by Berber embroidery. Every bag is one of a kind, sewn and finished by hand in our workshop in Portugal.",
        longDescription:
          "Aicha brings together everything we love about Moroccan upholstery fabrics: a golden ground that catches the light, pink and green flowers drawn with a generous hand, and Berber embroidery that ties it all together. The jacquard is thick and tightly woven, so the bag holds its shape without feeling stiff. Lined in cotton and closed with a metal zipper and a leather pull, it can be worn at the waist or across the body, around town or on the road.",
        materials: {
          fabric: "Moroccan upholstery jacquard, golden ground with pink and green flowers",
          embroidery: "Berber embroidery set against the floral pattern",
          hardware: "Metal zipper and strap buckle",
          lining: "100% cotton, soft and hard-wearing",
          leather: "Leather zipper pull and strap ends",
        },
        craftsmanship:
          "Every Aicha starts on the cutting table, where the pattern piece is placed by hand so that the flowers and embroidery sit well on the front. In our workshop in Portugal, the pieces are then assembled one at a time: the cotton lining goes in, followed by the zipper with its leather pull. Seams, corners and topstitching are checked by hand before the bag is slipped into its satin dust bag.",
        heritage:
          "Flowers on a golden ground have long belonged to the repertoire of Moroccan upholstery fabrics, the kind that cover the benches of a salon and the cushions brought out for celebrations. Berber embroidery comes from another story, more rural, built on skills passed from hand to hand. Aicha brings the two together without claiming to reproduce either, simply so you can carry them with you every day.",
        faq: [
          {
            question: "Will my bag look exactly like the photo?",
            answer:
              "Not quite, and that is intentional. Each bag is cut individually from the jacquard, so the placement of the flowers and embroidery changes from one piece to the next. The colors and character stay the same, but your Aicha will be one of a kind.",
          },
          {
            question: "How do I care for my bag?",
            answer:
              "Go over the jacquard now and then with a soft brush, and treat small marks on the spot by dabbing, not rubbing, with a damp cloth and a little mild soap. Keep it out of the washing machine and the dryer, which would damage the fabric and the leather details. Stored in its satin dust bag, it will stay with you for years.",
          },
          {
            question: "Can I wear it crossbody?",
            answer:
              "Yes. The strap adjusts from 70 to 120 cm: short enough to wear the bag at your waist, long enough to sling it across your body, over a coat or a shirt.",
          },
        ],
        ...MAKE.en,
      },
    },
    photos: [
      {
        source: "/images/products/aicha-1.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Aicha vu de face sur un fond ivoire uni : jacquard doré à fleurs roses et vertes, broderie berbère, fermeture éclair en métal à tirette en cuir.",
          en: "Front view of the Aicha fanny pack on a plain ivory backdrop: golden jacquard with pink and green flowers, Berber embroidery, and a metal zipper with a leather pull.",
        },
      },
      {
        source: "/images/products/aicha-2.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Aicha posé de trois quarts, la sangle enroulée en boucle, montrant l'épaisseur du sac et son jacquard doré fleuri de rose et de vert.",
          en: "The Aicha fanny pack at a three-quarter angle with its strap looped, showing the depth of the bag and its golden jacquard with pink and green flowers.",
        },
      },
      {
        source: "/images/products/aicha-3.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Gros plan sur le tissage du jacquard doré d'Aicha : fleurs roses et feuillages verts en léger relief, à côté de la broderie berbère.",
          en: "Close-up of Aicha's golden jacquard weave: pink flowers and green leaves in slight relief, next to the Berber embroidery.",
        },
      },
      {
        source: "/images/products/aicha-4.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac Aicha ouvert laissant voir sa doublure en coton, avec la sangle réglable et sa boucle en métal posées autour, à côté de sa pochette en satin.",
          en: "The Aicha bag open to show its cotton lining, with the adjustable strap and its metal buckle laid around it, next to its satin dust bag.",
        },
      },
    ],
  },
  {
    code: "nadia",
    reference: "Nadia-01",
    name: "Nadia",
    priceCents: 16900,
    stock: 25,
    position: 2,
    texts: {
      fr: {
        path: "/produit/sac-banane-nadia",
        tagline: "Jacquard turquoise, une fleur rouge, verte et or",
        cardDescription:
          "Un jacquard bleu turquoise où se détache une fleur rouge, verte et or, pour un sac banane lumineux et unique.",
        shortDescription:
          "Le modèle Nadia est taillé dans un jacquard marocain bleu turquoise, sur lequel se détache une fleur rouge, verte et or. Pièce unique, il est cousu et fini à la main dans notre atelier au Portugal.",
        longDescription:
          "Le modèle Nadia est né d'un coup de cœur pour ce bleu turquoise, franc et profond, qui évoque aussi bien la mer que les céramiques peintes. Sur ce fond vif, une fleur rouge, verte et or apporte de la chaleur et donne au regard un point où se poser. Dense et souple à la fois, le jacquard d'ameublement assure au sac une belle tenue. Doublure en coton, fermeture et boucle en métal, détails en cuir : tout est pensé pour durer et se porter chaque jour, à la taille comme en bandoulière.",
        materials: {
          fabric: "Jacquard d'ameublement marocain bleu turquoise à fleur rouge, verte et or",
          embroidery: "Motif floral tissé directement dans le jacquard",
          hardware: "Fermeture éclair et boucle de sangle en métal",
          lining: "100 % coton, souple et résistante",
          leather: "Tirette de fermeture et embouts de sangle en cuir",
        },
        craftsmanship:
          "La coupe de Nadia se décide autour de sa fleur : nous positionnons le patron pour qu'elle apparaisse sur la face avant, parfois entière, parfois coupée par un bord, selon le métrage. Dans notre atelier au Portugal, le sac est ensuite assemblé pièce par pièce, la doublure en coton cousue à l'intérieur, puis la fermeture, la boucle et les finitions en cuir sont posées. Chaque sac est contrôlé à la main avant d'être emballé.",
        heritage:
          "Le bleu tient une place particulière dans les arts décoratifs marocains : on le retrouve sur les céramiques, les portes peintes et dans bien des tissus d'intérieur. Associé à une fleur aux tons chauds, il compose un contraste familier des salons traditionnels, où l'on aime mêler les couleurs froides et les ors. Nadia reprend cet équilibre à l'échelle d'un objet que l'on porte sur soi, chaque jour.",
        faq: [
          {
            question: "La fleur sera-t-elle placée comme sur la photo ?",
            answer:
              "Pas forcément. Chaque sac est coupé individuellement dans le tissu, si bien que la position de la fleur varie d'une pièce à l'autre : bien centrée sur l'un, légèrement décalée sur l'autre. C'est ce qui fait de chaque Nadia une pièce unique.",
          },
          {
            question: "Peut-on l'offrir en cadeau ?",
            answer:
              "Bien sûr. Chaque sac est livré dans sa pochette en satin et soigneusement emballé : il arrive prêt à être offert.",
          },
          {
            question: "Quels sont les délais de livraison ?",
            answer:
              "En France, les commandes partent en Colissimo suivi et sont livrées 2 à 3 jours après l'expédition. Nous livrons aussi à l'international, avec suivi. À réception, vous disposez de 14 jours pour nous retourner le sac s'il ne vous convient pas.",
          },
        ],
        ...MAKE.fr,
      },
      en: {
        path: "/en/product/nadia-fanny-pack",
        tagline: "Turquoise jacquard with a red, green and gold flower",
        cardDescription:
          "Bright turquoise jacquard set off by a red, green and gold flower, for a luminous fanny pack that is entirely one of a kind.",
        shortDescription:
          "Nadia is cut from turquoise-blue Moroccan jacquard, with a red, green and gold flower standing out against it. Each one is unique, sewn and finished by hand in our workshop in Portugal.",
        longDescription:
          "Nadia began with a soft spot for this turquoise: clear and deep, as reminiscent of the sea as of painted ceramics. Against that vivid ground, a red, green and gold flower adds warmth and gives the eye somewhere to rest. The upholstery jacquard is dense yet supple, so the bag keeps a neat shape. Cotton lining, metal zipper and buckle, leather details: everything is made to last and to be worn every day, at the waist or crossbody.",
        materials: {
          fabric: "Turquoise-blue Moroccan upholstery jacquard with a red, green and gold flower",
          embroidery: "Floral motif woven directly into the jacquard",
          hardware: "Metal zipper and strap buckle",
          lining: "100% cotton, soft and hard-wearing",
          leather: "Leather zipper pull and strap ends",
        },
        craftsmanship:
          "Cutting Nadia is all about the flower: we position the pattern piece so that it lands on the front, sometimes whole, sometimes running off an edge, depending on the length of fabric. In our workshop in Portugal, the bag is then assembled piece by piece, the cotton lining is sewn in, and the zipper, buckle and leather finishes go on. Each bag is checked by hand before it is packed.",
        heritage:
          "Blue holds a special place in Moroccan decorative arts: you find it on ceramics, on painted doors and in many furnishing fabrics. Paired with a warm-toned flower, it creates a contrast familiar from traditional salons, where cool colors and gold are happily mixed. Nadia carries that balance over to something you wear, every day.",
        faq: [
          {
            question: "Will the flower sit where it does in the photo?",
            answer:
              "Not necessarily. Each bag is cut individually, so the position of the flower varies from piece to piece: centered on one, slightly off to the side on another. That is what makes every Nadia unique.",
          },
          {
            question: "Does it make a good gift?",
            answer:
              "Of course. Every bag comes in its satin dust bag, carefully packaged, so it arrives ready to give.",
          },
          {
            question: "How long does delivery take?",
            answer:
              "Within France, orders ship by tracked Colissimo and arrive 2 to 3 days after dispatch. We also ship internationally, with tracking. Once your bag arrives, you have 14 days to send it back if it is not right for you.",
          },
        ],
        ...MAKE.en,
      },
    },
    photos: [
      {
        source: "/images/products/nadia-1.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Nadia vu de face sur un fond ivoire uni : jacquard bleu turquoise orné d'une fleur rouge, verte et or, fermeture éclair en métal à tirette en cuir.",
          en: "Front view of the Nadia fanny pack on a plain ivory backdrop: turquoise-blue jacquard with a red, green and gold flower, and a metal zipper with a leather pull.",
        },
      },
      {
        source: "/images/products/nadia-2.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Nadia posé de trois quarts, la sangle enroulée en boucle, montrant l'épaisseur du sac et son jacquard bleu turquoise.",
          en: "The Nadia fanny pack at a three-quarter angle with its strap looped, showing the depth of the bag and its turquoise jacquard.",
        },
      },
      {
        source: "/images/products/nadia-3.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Gros plan sur le jacquard de Nadia : fleur tissée en fils rouges, verts et dorés sur un fond bleu turquoise.",
          en: "Close-up of Nadia's jacquard: a flower woven in red, green and gold threads on a turquoise-blue ground.",
        },
      },
      {
        source: "/images/products/nadia-4.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac Nadia ouvert laissant voir sa doublure en coton, avec la sangle réglable et sa boucle en métal posées autour, à côté de sa pochette en satin.",
          en: "The Nadia bag open to show its cotton lining, with the adjustable strap and its metal buckle laid around it, next to its satin dust bag.",
        },
      },
    ],
  },
  {
    code: "bilin",
    reference: "Bilin-01",
    name: "Bilin",
    priceCents: 16900,
    stock: 41,
    position: 3,
    texts: {
      fr: {
        path: "/produit/sac-banane-bilin",
        tagline: "Jacquard jaune fleuri, gai et lumineux",
        cardDescription:
          "Un jacquard jaune semé de fleurs, solaire et gai, pour un sac banane unique qui éclaire les tenues les plus simples.",
        shortDescription:
          "Le modèle Bilin est taillé dans un jacquard marocain jaune semé de fleurs. Pièce unique, il est cousu et fini à la main dans notre atelier au Portugal.",
        longDescription:
          "Bilin, c'est le sac des jours clairs. Son jacquard jaune, chaud sans être criard, est semé de fleurs qui lui donnent du mouvement et de la profondeur. Il suffit à réveiller une chemise blanche, un jean brut ou une robe noire. Comme tous nos modèles, il est taillé dans un tissu d'ameublement épais et résistant, doublé de coton, fermé par une fermeture éclair en métal et fini de détails en cuir. Il se porte à la taille comme en bandoulière.",
        materials: {
          fabric: "Jacquard d'ameublement marocain jaune à motif floral",
          embroidery: "Motif floral tissé directement dans le jacquard",
          hardware: "Fermeture éclair et boucle de sangle en métal",
          lining: "100 % coton, souple et résistante",
          leather: "Tirette de fermeture et embouts de sangle en cuir",
        },
        craftsmanship:
          "Pour Bilin, nous veillons à la coupe à ce que les fleurs suivent le droit-fil du tissu, afin que le motif reste bien aligné sur la face avant. Dans notre atelier au Portugal, chaque sac est ensuite monté à la main, pièce par pièce : assemblage, pose de la doublure en coton, de la fermeture éclair et de la boucle, puis des finitions en cuir. Un dernier contrôle, couture par couture, précède l'emballage.",
        heritage:
          "Le jaune est une couleur familière des intérieurs marocains, des teintes safran aux ocres des murs en terre. Dans les tissus d'ameublement, il sert souvent de fond lumineux à des semis de fleurs, un motif que l'on retrouve, sous d'autres formes, dans le décor des jardins et des demeures traditionnelles. Bilin en garde l'esprit : une couleur franche, un dessin régulier, une gaieté sans excès.",
        faq: [
          {
            question: "Peut-on porter Bilin en bandoulière ?",
            answer:
              "Oui. La sangle se règle de 70 à 120 cm : raccourcie, elle permet de porter le sac à la taille ; allongée, elle se passe en travers du buste, sur une chemise comme sur un manteau.",
          },
          {
            question: "Comment entretenir le jacquard ?",
            answer:
              "Dépoussiérez-le avec une brosse douce et traitez les petites taches localement, en tamponnant avec un linge humide et un savon doux. Évitez la machine à laver et le sèche-linge, et tenez les détails en cuir à l'écart de l'eau. Le jaune étant une couleur claire, nous vous conseillons de ranger le sac dans sa pochette en satin entre deux sorties.",
          },
          {
            question: "Que peut-on ranger à l'intérieur ?",
            answer:
              "Avec ses 35 x 20 x 8 cm, Bilin accueille un smartphone, un porte-cartes ou un petit portefeuille, des clés et une paire de lunettes de soleil. Il ne pèse qu'environ 250 g à vide.",
          },
        ],
        ...MAKE.fr,
      },
      en: {
        path: "/en/product/bilin-fanny-pack",
        tagline: "Yellow floral jacquard, bright and cheerful",
        cardDescription:
          "Yellow jacquard scattered with flowers, sunny and cheerful: a one-of-a-kind fanny pack that lifts even the simplest outfit.",
        shortDescription:
          "Bilin is cut from yellow Moroccan jacquard scattered with flowers. Each one is unique, sewn and finished by hand in our workshop in Portugal.",
        longDescription:
          "Bilin is the bag for bright days. Its yellow jacquard, warm without being loud, is scattered with flowers that give it movement and depth. It is all it takes to wake up a white shirt, raw denim or a black dress. Like all our models, it is cut from thick, hard-wearing upholstery fabric, lined in cotton, closed with a metal zipper and finished with leather details. Wear it at the waist or crossbody.",
        materials: {
          fabric: "Yellow Moroccan upholstery jacquard with a floral pattern",
          embroidery: "Floral motif woven directly into the jacquard",
          hardware: "Metal zipper and strap buckle",
          lining: "100% cotton, soft and hard-wearing",
          leather: "Leather zipper pull and strap ends",
        },
        craftsmanship:
          "For Bilin, we take care at the cutting stage that the flowers follow the straight grain of the fabric, so the pattern stays neatly aligned on the front. In our workshop in Portugal, each bag is then put together by hand, piece by piece: assembly, the cotton lining, the zipper and buckle, then the leather finishes. A final check, seam by seam, comes before packing.",
        heritage:
          "Yellow is a familiar color in Moroccan interiors, from saffron tones to the ochre of earthen walls. In furnishing fabrics it often serves as a bright ground for scattered flowers, a motif echoed in other forms in the decoration of gardens and traditional houses. Bilin keeps that spirit: a frank color, an even pattern, cheerfulness without excess.",
        faq: [
          {
            question: "Can I wear Bilin crossbody?",
            answer:
              "Yes. The strap adjusts from 70 to 120 cm: shortened, it holds the bag at your waist; lengthened, it goes across your body, over a shirt or a coat.",
          },
          {
            question: "How do I care for the jacquard?",
            answer:
              "Go over it with a soft brush and treat small marks on the spot, dabbing with a damp cloth and mild soap. Avoid the washing machine and the dryer, and keep the leather details away from water. Because yellow is a light color, we suggest keeping the bag in its satin dust bag between outings.",
          },
          {
            question: "What fits inside?",
            answer:
              "At 35 x 20 x 8 cm, Bilin holds a phone, a card holder or a small wallet, your keys and a pair of sunglasses. Empty, it weighs only about 250 g.",
          },
        ],
        ...MAKE.en,
      },
    },
    photos: [
      {
        source: "/images/products/bilin-1.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Bilin vu de face sur un fond ivoire uni : jacquard jaune semé de fleurs, fermeture éclair en métal à tirette en cuir.",
          en: "Front view of the Bilin fanny pack on a plain ivory backdrop: yellow jacquard scattered with flowers, and a metal zipper with a leather pull.",
        },
      },
      {
        source: "/images/products/bilin-2.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Bilin posé de trois quarts, la sangle enroulée en boucle, montrant l'épaisseur du sac et son jacquard jaune fleuri.",
          en: "The Bilin fanny pack at a three-quarter angle with its strap looped, showing the depth of the bag and its yellow floral jacquard.",
        },
      },
      {
        source: "/images/products/bilin-3.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Gros plan sur le tissage du jacquard jaune de Bilin et sur ses fleurs en léger relief.",
          en: "Close-up of the weave of Bilin's yellow jacquard and its flowers in slight relief.",
        },
      },
      {
        source: "/images/products/bilin-4.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac Bilin ouvert laissant voir sa doublure en coton, avec la sangle réglable et sa boucle en métal posées autour, à côté de sa pochette en satin.",
          en: "The Bilin bag open to show its cotton lining, with the adjustable strap and its metal buckle laid around it, next to its satin dust bag.",
        },
      },
    ],
  },
  {
    code: "ilian",
    reference: "Ilian-01",
    name: "Ilian",
    priceCents: 16900,
    stock: 29,
    position: 4,
    texts: {
      fr: {
        path: "/produit/sac-banane-ilian",
        tagline: "Jacquard bleu pastel aux fleurs délicates",
        cardDescription:
          "Un jacquard bleu pastel aux fleurs délicates, doux et lumineux, pour un sac banane unique à porter en toute saison.",
        shortDescription:
          "Le modèle Ilian est taillé dans un jacquard marocain bleu pastel orné de fleurs. Pièce unique, il est cousu et fini à la main dans notre atelier au Portugal.",
        longDescription:
          "Ilian est le plus doux de nos modèles. Son bleu pastel, clair et poudré, laisse les fleurs du jacquard se dessiner avec délicatesse, sans jamais hausser le ton. C'est un sac qui accompagne aussi bien le lin de l'été que les lainages de l'hiver. Taillé dans un tissu d'ameublement dense, doublé de coton, fermé par une fermeture éclair en métal et fini de détails en cuir, il se porte à la taille ou en bandoulière, au fil des jours.",
        materials: {
          fabric: "Jacquard d'ameublement marocain bleu pastel à motif floral",
          embroidery: "Motif floral tissé directement dans le jacquard",
          hardware: "Fermeture éclair et boucle de sangle en métal",
          lining: "100 % coton, souple et résistante",
          leather: "Tirette de fermeture et embouts de sangle en cuir",
        },
        craftsmanship:
          "Pour Ilian, la coupe consiste à trouver, dans le métrage, l'endroit où les fleurs se répartissent le plus harmonieusement sur la face avant. Dans notre atelier au Portugal, les pièces sont ensuite assemblées à la main, une à une ; la doublure en coton est montée, puis viennent la fermeture éclair, la boucle en métal et les détails en cuir. Chaque sac est vérifié avant d'être glissé dans sa pochette en satin.",
        heritage:
          "À côté des couleurs intenses que l'on associe souvent au Maroc, les tissus d'ameublement déclinent aussi des gammes plus douces, bleus pâles, roses poudrés, verts d'eau, pensées pour des pièces claires et apaisées. Les motifs floraux y gardent un dessin hérité des jardins et de l'ornementation traditionnelle, dans un registre plus discret. Ilian appartient à cette famille tranquille.",
        faq: [
          {
            question: "Mon Ilian sera-t-il identique à la photo ?",
            answer:
              "Il en aura les couleurs et le caractère, mais pas exactement la même disposition. Chaque sac est coupé individuellement : l'emplacement des fleurs varie d'une pièce à l'autre, ce qui rend chacune unique.",
          },
          {
            question: "Un bleu pastel, est-ce salissant ?",
            answer:
              "Le jacquard d'ameublement est dense et supporte bien l'usage quotidien, mais une couleur claire demande un peu d'attention. Dépoussiérez-le avec une brosse douce, traitez les taches sans attendre en tamponnant avec un linge humide et un savon doux, et rangez-le dans sa pochette en satin. Ni machine à laver ni sèche-linge.",
          },
          {
            question: "Quels sont les délais de livraison ?",
            answer:
              "En France, votre sac voyage en Colissimo suivi et arrive 2 à 3 jours après l'expédition. Les envois à l'international sont également suivis. Vous disposez de 14 jours après réception pour nous le retourner si besoin.",
          },
        ],
        ...MAKE.fr,
      },
      en: {
        path: "/en/product/ilian-fanny-pack",
        tagline: "Pastel blue jacquard with delicate flowers",
        cardDescription:
          "Pastel blue jacquard with delicate flowers, soft and luminous: a one-of-a-kind fanny pack to wear in every season.",
        shortDescription:
          "Ilian is cut from pastel blue Moroccan jacquard patterned with flowers. Each one is unique, sewn and finished by hand in our workshop in Portugal.",
        longDescription:
          "Ilian is the gentlest of our models. Its pale, powdery blue lets the flowers of the jacquard come through quietly, never raising its voice. It goes as well with summer linen as with winter knits. Cut from dense upholstery fabric, lined in cotton, closed with a metal zipper and finished with leather details, it can be worn at the waist or crossbody, day after day.",
        materials: {
          fabric: "Pastel blue Moroccan upholstery jacquard with a floral pattern",
          embroidery: "Floral motif woven directly into the jacquard",
          hardware: "Metal zipper and strap buckle",
          lining: "100% cotton, soft and hard-wearing",
          leather: "Leather zipper pull and strap ends",
        },
        craftsmanship:
          "For Ilian, cutting means finding the place in the length of fabric where the flowers fall most gracefully across the front. In our workshop in Portugal, the pieces are then assembled by hand, one at a time; the cotton lining goes in, followed by the zipper, the metal buckle and the leather details. Each bag is checked before it is slipped into its satin dust bag.",
        heritage:
          "Alongside the intense colors often associated with Morocco, upholstery fabrics also come in softer ranges, pale blues, dusty pinks, watery greens, meant for light, restful rooms. The floral motifs keep a design inherited from gardens and traditional ornament, in a quieter register. Ilian belongs to that calm family.",
        faq: [
          {
            question: "Will my Ilian look exactly like the photo?",
            answer:
              "It will have the same colors and character, but not quite the same layout. Each bag is cut individually, so the placement of the flowers varies from one piece to the next, which makes every one unique.",
          },
          {
            question: "Does pastel blue show dirt easily?",
            answer:
              "Upholstery jacquard is dense and stands up well to daily use, but a light color does ask for a little attention. Go over it with a soft brush, deal with marks straight away by dabbing with a damp cloth and mild soap, and store it in its satin dust bag. No washing machine, no dryer.",
          },
          {
            question: "How long does delivery take?",
            answer:
              "Within France, your bag travels by tracked Colissimo and arrives 2 to 3 days after dispatch. International shipments are tracked too. You have 14 days from delivery to send it back if needed.",
          },
        ],
        ...MAKE.en,
      },
    },
    photos: [
      {
        source: "/images/products/ilian-1.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Ilian vu de face sur un fond ivoire uni : jacquard bleu pastel orné de fleurs, fermeture éclair en métal à tirette en cuir.",
          en: "Front view of the Ilian fanny pack on a plain ivory backdrop: pastel blue jacquard patterned with flowers, and a metal zipper with a leather pull.",
        },
      },
      {
        source: "/images/products/ilian-2.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac banane Ilian posé de trois quarts, la sangle enroulée en boucle, montrant l'épaisseur du sac et son jacquard bleu pastel fleuri.",
          en: "The Ilian fanny pack at a three-quarter angle with its strap looped, showing the depth of the bag and its pastel blue floral jacquard.",
        },
      },
      {
        source: "/images/products/ilian-3.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Gros plan sur le tissage du jacquard bleu pastel d'Ilian et sur ses fleurs en léger relief.",
          en: "Close-up of the weave of Ilian's pastel blue jacquard and its flowers in slight relief.",
        },
      },
      {
        source: "/images/products/ilian-4.svg",
        width: 1000,
        height: 1250,
        alt: {
          fr: "Sac Ilian ouvert laissant voir sa doublure en coton, avec la sangle réglable et sa boucle en métal posées autour, à côté de sa pochette en satin.",
          en: "The Ilian bag open to show its cotton lining, with the adjustable strap and its metal buckle laid around it, next to its satin dust bag.",
        },
      },
    ],
  },
];

/**
 * Creates the launch models in a new shop (the seed) and gives them their place in the catalogue:
 * the first series (featured on the home page), and each model's words, addresses and drawings,
 * published. Only in a shop that has no product yet: a catalogue the owner has made is never touched.
 */
export async function addLaunchCatalogue(db: Kysely<unknown>) {
  const references = LAUNCH_MODELS.map((model) => model.reference);
  const { rows } = await sql<{ taken: boolean }>`SELECT EXISTS (SELECT 1 FROM products) AS taken`.execute(db);
  if (rows[0]?.taken) return;
  for (const model of LAUNCH_MODELS) {
    await sql`
      INSERT INTO products (reference, slug, name, price_cents, stock)
      VALUES (${model.reference}, ${model.code}, ${model.name}, ${model.priceCents}, ${model.stock})`.execute(
      db,
    );
  }
  const { rows: sold } = await sql<{ id: number; reference: string }>`
    SELECT p.id, p.reference FROM products p
    WHERE p.reference IN (${sql.join(references)})
      AND NOT EXISTS (SELECT 1 FROM product_texts t WHERE t.product_id = p.id)`.execute(db);
  if (sold.length === 0) return;
  const { rows: found } = await sql<{ id: number }>`
    SELECT id FROM series WHERE title_fr = ${LAUNCH_SERIES.title.fr} ORDER BY id LIMIT 1`.execute(db);
  const { rows: created } = found.length
    ? { rows: found }
    : await sql<{ id: number }>`
        INSERT INTO series (title_fr, title_en, subtitle_fr, subtitle_en, featured)
        SELECT ${LAUNCH_SERIES.title.fr}, ${LAUNCH_SERIES.title.en}, ${LAUNCH_SERIES.subtitle.fr},
          ${LAUNCH_SERIES.subtitle.en}, NOT EXISTS (SELECT 1 FROM series WHERE featured)
        RETURNING id`.execute(db);
  const seriesId = created[0]?.id ?? null;
  for (const model of LAUNCH_MODELS) {
    const id = sold.find((row) => row.reference === model.reference)?.id;
    if (id === undefined) continue;
    for (const locale of ["fr", "en"] as const) {
      const texts = model.texts[locale];
      await sql`
        INSERT INTO product_texts (product_id, locale, path, tagline, card_description, short_description,
          long_description, materials, craftsmanship, heritage, faq, dimensions, weight, strap, care, safety)
        VALUES (${id}, ${locale}, ${texts.path}, ${texts.tagline}, ${texts.cardDescription}, ${texts.shortDescription},
          ${texts.longDescription}, ${JSON.stringify(texts.materials)}::jsonb, ${texts.craftsmanship}, ${texts.heritage},
          ${JSON.stringify(texts.faq)}::jsonb, ${texts.dimensions}, ${texts.weight}, ${texts.strap}, ${texts.care},
          ${texts.safety})`.execute(db);
    }
    for (const [position, photo] of model.photos.entries()) {
      await sql`
        INSERT INTO product_photos (product_id, position, source, width, height, alt_fr, alt_en)
        VALUES (${id}, ${position}, ${photo.source}, ${photo.width}, ${photo.height}, ${photo.alt.fr}, ${photo.alt.en})`.execute(
        db,
      );
    }
    await sql`
      UPDATE products SET series_id = ${seriesId}, position = ${model.position},
        published_at = CASE WHEN archived_at IS NULL THEN now() END
      WHERE id = ${id}`.execute(db);
  }
}
