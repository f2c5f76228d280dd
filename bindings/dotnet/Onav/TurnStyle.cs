namespace Onav
{
    /// How an agent with AgentUpdateFlags.AnticipateTurns takes the turn at
    /// its next corner (ONAV_TURN_*): Inside leans toward the next corner
    /// near the turn, cutting it along the corner; Wide heads for a point
    /// beside the corner (DetourCrowd's rule), rounding the turn off it.
    public enum TurnStyle : byte
    {
        Inside = 0,
        Wide = 1,
    }
}
