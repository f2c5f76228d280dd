namespace Onav
{
    /// What an agent is doing after a step (ONAV_AGENT_WALKING ... ARRIVED).
    public enum AgentStateKind
    {
        Walking = 0,
        OffMeshLink = 1,
        NoPath = 2,
        Arrived = 3,
    }
}
