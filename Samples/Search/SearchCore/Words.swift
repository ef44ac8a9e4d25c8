/// The data set the search sample ships with: fruits, vegetables, grains, nuts and herbs.
public enum Words {
    /// Every word, in alphabetical order.
    public static let all: [String] = [
        "apple", "apricot", "artichoke", "arugula", "asparagus", "avocado", "banana", "barley",
        "basil", "bean", "beet", "bell-pepper", "blackberry", "blueberry", "bok-choy",
        "broccoli", "brussels-sprout", "buckwheat", "butternut", "cabbage", "cantaloupe",
        "caper", "carrot", "cashew", "cauliflower", "celery", "chard", "cherry", "chestnut",
        "chickpea", "chili", "chive", "cilantro", "clementine", "coconut", "collard", "corn",
        "cranberry", "cucumber", "currant", "date", "dill", "dragonfruit", "durian", "eggplant",
        "elderberry", "endive", "fennel", "fig", "garlic", "ginger", "gooseberry", "grape",
        "grapefruit", "guava", "hazelnut", "honeydew", "horseradish", "jackfruit", "jalapeno",
        "kale", "kiwi", "kohlrabi", "kumquat", "leek", "lemon", "lentil", "lettuce", "lime",
        "lychee", "macadamia", "mandarin", "mango", "maple", "marjoram", "melon", "millet",
        "mint", "mulberry", "mushroom", "mustard", "nectarine", "nutmeg", "oat", "okra", "olive",
        "onion", "orange", "oregano", "papaya", "paprika", "parsley", "parsnip", "passionfruit",
        "pea", "peach", "peanut", "pear", "pecan", "pepper", "persimmon", "pineapple",
        "pistachio", "plantain", "plum", "pomegranate", "potato", "pumpkin", "quince", "quinoa",
        "radish", "raisin", "raspberry", "rhubarb", "rice", "rosemary", "rutabaga", "rye",
        "saffron", "sage", "scallion", "sesame", "shallot", "sorghum", "soybean", "spinach",
        "squash", "strawberry", "sunflower", "sweet-potato", "tangerine", "taro", "thyme",
        "tomato", "turmeric", "turnip", "vanilla", "walnut", "wasabi", "watercress",
        "watermelon", "wheat", "yam", "zucchini",
    ]
}
